// The stored models the command line knows, first model first; `make add-model` adds a line here.

import CommandLineKit

/// Every model's commands, in the order the help page lists them.
enum CommandGroups {
  /// The commands of each model; the first has no group word.
  static let all: [any CommandSet.Type] = [
    __MODEL__Commands.self
    // add-model: commands
  ]

  /// The commands of the model `group` selects, or of the first model for `nil`.
  static func commands(for group: String?) -> (any CommandSet.Type)? {
    all.first { $0.group == group }
  }

  /// The parser of the command line: every model's commands, `sync` and `help`.
  static var parser: CommandLineParser {
    CommandLineParser(
      commands: all.flatMap { $0.specs } + [
        SyncCommands.spec, CommandSpec.help(tool: CommandRunner.tool.name),
      ])
  }
}
