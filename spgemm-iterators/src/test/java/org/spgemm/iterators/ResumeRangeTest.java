package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/** {@link ScanMultiplyIterator#resumeRange}: how a re-seek after a tear-down continues. */
class ResumeRangeTest {

  private static Key entry(String row, String cq) {
    return new Key(row, "A", cq, 5L);
  }

  @Test
  void infiniteStartIsReturnedAsIs() {
    Range all = new Range();
    assertSame(all, ScanMultiplyIterator.resumeRange(all));
    Range toEnd = new Range(null, false, new Text("r5"), true);
    assertSame(toEnd, ScanMultiplyIterator.resumeRange(toEnd));
  }

  @Test
  void inclusiveStartReadsItsRowWhole() {
    // a copy seeked where another one stands (an entry inside row r1): r1 is read from its start
    Range r = new Range(entry("r1", "x"), true, entry("r5", "x"), false);
    assertEquals(new Range(new Key("r1"), true, entry("r5", "x"), false),
        ScanMultiplyIterator.resumeRange(r));
    // a tablet range: (prevEndRow, endRow] becomes an inclusive start at the following row
    Range tablet = new Range(new Text("r1"), false, new Text("r5"), true);
    assertTrue(tablet.isStartKeyInclusive());
    assertSame(tablet, ScanMultiplyIterator.resumeRange(tablet));
  }

  @Test
  void exclusiveStartMovesToTheNextRow() {
    Key last = entry("r3", "q7");
    Range tablet = new Range(new Text("r1"), false, new Text("r9"), true);
    Range reseek = new Range(last, false, tablet.getEndKey(), tablet.isEndKeyInclusive());
    Range resumed = ScanMultiplyIterator.resumeRange(reseek);
    assertTrue(resumed.isStartKeyInclusive());
    assertEquals(last.followingKey(org.apache.accumulo.core.data.PartialKey.ROW),
        resumed.getStartKey());
    assertEquals(tablet.getEndKey(), resumed.getEndKey());
    assertEquals(tablet.isEndKeyInclusive(), resumed.isEndKeyInclusive());
    // nothing of row r3 is left, the next row is
    assertFalse(resumed.contains(entry("r3", "zzz")));
    assertFalse(resumed.contains(new Key("r3", "B", "a")));
    assertTrue(resumed.contains(entry("r3\0", "a")));
    assertTrue(resumed.contains(entry("r4", "a")));
    assertTrue(resumed.contains(entry("r9", "a")));
    assertFalse(resumed.contains(entry("r9\0", "a")));
  }

  @Test
  void exclusiveBareRowKeyKeepsThatRow() {
    // no entry of A equals a bare row key, so nothing of row r3 was returned yet
    Range reseek = new Range(new Key("r3"), false, null, true);
    Range resumed = ScanMultiplyIterator.resumeRange(reseek);
    assertTrue(resumed.contains(entry("r3", "a")));
    assertFalse(resumed.contains(entry("r2", "z")));
  }

  @Test
  void exclusiveStartWithInfiniteEnd() {
    Range reseek = new Range(entry("r3", "q"), false, null, true);
    Range resumed = ScanMultiplyIterator.resumeRange(reseek);
    assertTrue(resumed.isInfiniteStopKey());
    assertTrue(resumed.contains(entry("r4", "a")));
    assertFalse(resumed.contains(entry("r3", "r")));
  }

  @Test
  void exclusiveStartInTheLastRowGivesNull() {
    // the tablet ends at row r5 inclusive; the last progress entry was in r5
    Range tablet = new Range(new Text("r1"), false, new Text("r5"), true);
    Range reseek = new Range(entry("r5", "q"), false, tablet.getEndKey(), true);
    assertNull(ScanMultiplyIterator.resumeRange(reseek));
    // also with an exclusive end at the following row
    Range exclusiveEnd = new Range(entry("r5", "q"), false, new Key("r5\0"), false);
    assertNull(ScanMultiplyIterator.resumeRange(exclusiveEnd));
  }

  @Test
  void exclusiveStartBeforeAnExclusiveEndRowKeepsTheRowsBetween() {
    Range reseek = new Range(entry("r2", "q"), false, new Key("r4"), false);
    Range resumed = ScanMultiplyIterator.resumeRange(reseek);
    assertTrue(resumed.contains(entry("r3", "a")));
    assertFalse(resumed.contains(entry("r4", "a")));
  }
}
