package org.spgemm.json;

import com.google.gson.FormattingStyle;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;

/**
 * The project's JSON output, written by Gson: a tree of {@link Map} (keys in the map's order),
 * {@link java.util.List}, records, strings, numbers, booleans and null, indented by two spaces;
 * a list of scalars stays on one line. Doubles are written with up to 6 decimals and whole ones
 * without a fraction; NaN and infinities, which JSON lacks, as null.
 */
public final class Json {

  private static final Gson GSON = new GsonBuilder()
      .setFormattingStyle(FormattingStyle.PRETTY)
      .serializeNulls()
      .disableHtmlEscaping()
      .registerTypeAdapter(Double.class, new Decimals().nullSafe())
      .registerTypeAdapter(Float.class, new Decimals().nullSafe())
      .registerTypeAdapterFactory(new ScalarListsOnOneLine())
      .create();

  private Json() {}

  /** {@code value} as indented JSON text ending in a newline. */
  public static String write(Object value) {
    return GSON.toJson(value) + "\n";
  }

  /** Whole doubles as integers, others with up to 6 decimals, NaN and infinities as null. */
  private static final class Decimals extends TypeAdapter<Number> {
    @Override
    public void write(JsonWriter out, Number value) throws IOException {
      double d = value.doubleValue();
      if (!Double.isFinite(d)) {
        out.nullValue();
      } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
        out.value((long) d);
      } else {
        String s = String.format(Locale.ROOT, "%.6f", d);
        out.jsonValue(s.replaceAll("0+$", "").replaceAll("\\.$", ""));
      }
    }

    @Override
    public Number read(JsonReader in) {
      throw new UnsupportedOperationException("Json only writes");
    }
  }

  /**
   * Writes a collection whose elements are all scalars on one line ({@code [1, "x", null]});
   * other collections get Gson's pretty layout, one element a line.
   */
  private static final class ScalarListsOnOneLine implements TypeAdapterFactory {
    private static final FormattingStyle ONE_LINE =
        FormattingStyle.COMPACT.withSpaceAfterSeparators(true);

    @Override
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
      if (!Collection.class.isAssignableFrom(type.getRawType())) {
        return null;
      }
      TypeAdapter<T> delegate = gson.getDelegateAdapter(this, type);
      TypeAdapter<Object> element = gson.getAdapter(Object.class);
      return new TypeAdapter<T>() {
        @Override
        public void write(JsonWriter out, T value) throws IOException {
          Collection<?> c = (Collection<?>) value;
          if (c == null || !c.stream().allMatch(ScalarListsOnOneLine::isScalar)) {
            delegate.write(out, value);
            return;
          }
          out.beginArray(); // the separator before '[' in the enclosing layout
          FormattingStyle enclosing = out.getFormattingStyle();
          out.setFormattingStyle(ONE_LINE);
          for (Object v : c) {
            element.write(out, v);
          }
          out.endArray();
          out.setFormattingStyle(enclosing);
        }

        @Override
        public T read(JsonReader in) throws IOException {
          return delegate.read(in);
        }
      };
    }

    private static boolean isScalar(Object v) {
      return v == null || v instanceof Number || v instanceof Boolean
          || v instanceof CharSequence || v instanceof Character || v instanceof Enum;
    }
  }
}
