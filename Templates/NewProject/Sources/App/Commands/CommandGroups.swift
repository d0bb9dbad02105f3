// The stored models the command line knows, first model first; `make add-model` adds a line here.

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

  /// The words that may start a command line: the first model's commands, the group words
  /// and `help`, for "did you mean" on a typo.
  static var firstWords: [String] {
    var words = commands(for: nil)?.commands ?? []
    for commands in all {
      if let group = commands.group { words.append(group) }
    }
    return words + ["help"]
  }

  /// Every option some command takes (each takes a value), for the parser.
  static var options: [String] {
    Array(Set(all.flatMap { $0.fieldOptions.values })).sorted()
  }
}
