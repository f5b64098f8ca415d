package org.spgemm.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The root command: subcommands only. */
@Command(name = "spgemm", mixinStandardHelpOptions = true,
    versionProvider = SpgemmCommand.Version.class,
    description = "Sparse matrix multiply C = A*B inside Apache Accumulo tablet servers.",
    subcommands = {DemoCommand.class, MultiplyCommand.class, GenerateCommand.class,
        PartitionCommand.class, AlgorithmCommands.Transpose.class,
        AlgorithmCommands.Triangles.class, AlgorithmCommands.Ktruss.class,
        AlgorithmCommands.Jaccard.class, AlgorithmCommands.Bfs.class,
        AlgorithmCommands.Galerkin.class, ElementWiseCommands.Add.class,
        ElementWiseCommands.Mult.class, ElementWiseCommands.Apply.class,
        ElementWiseCommands.Reduce.class, ElementWiseCommands.Vxm.class,
        ElementWiseCommands.Mxv.class, EmbeddedCommands.Parent.class,
        LoadCommand.class, ExportCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:success", "1:unexpected failure (see --debug)",
        "2:bad usage or input (options, files, shapes, semiring)",
        "3:cluster failure or refusal (unreachable, missing table, permission, missing"
            + " scan executor)"})
public final class SpgemmCommand {

  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new SpgemmCommand());
    cl.setParameterExceptionHandler((ex, args) -> {
      ex.getCommandLine().getErr().println("spgemm: " + ex.getMessage());
      ex.getCommandLine().getErr().println("Try '"
          + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
      return ExitCode.USAGE.code;
    });
    return cl;
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = SpgemmCommand.class.getPackage().getImplementationVersion();
      return new String[] {"spgemm " + (v == null ? "development build" : v)
          + " (Accumulo 2.1, Java " + System.getProperty("java.version") + ")"};
    }
  }
}
