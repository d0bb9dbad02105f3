// Turns the words of a command line into an `Invocation`, or a usage error that says what is wrong.

/// A small parser for `__EXECUTABLE__ [--data-dir DIR] [--json] <subcommand> [arguments]`.
///
/// Options may come before or after the subcommand, as `--name value` or `--name=value`;
/// `--` ends the options, so a title may start with a dash.
nonisolated enum InvocationParser {
  /// The invocation `arguments` describe (without the program's name).
  ///
  /// - Throws: An ``AppError`` usage error naming the word that is wrong.
  static func parse(_ arguments: [String]) throws(AppError) -> Invocation {
    var invocation = Invocation()
    var words: [String] = []
    var notes: String?
    var tags: [String] = []
    var index = 0
    var optionsEnded = false
    func value(for name: String, inline: String?) throws(AppError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw .missingValue(option: name) }
      return arguments[index]
    }
    while index < arguments.count {
      let word = arguments[index]
      if optionsEnded || !word.hasPrefix("-") || word == "-" {
        words.append(word)
      } else if word == "--" {
        optionsEnded = true
      } else {
        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts[0]
        let inline = parts.count > 1 ? parts[1] : nil
        switch name {
        case "--data-dir": invocation.dataDirectory = try value(for: name, inline: inline)
        case "--notes": notes = try value(for: name, inline: inline)
        case "--tag": tags.append(try value(for: name, inline: inline))
        case "--json" where inline == nil: invocation.json = true
        case "--help", "-h": words.insert("help", at: 0)
        default: throw .unknownOption(word)
        }
      }
      index += 1
    }
    invocation.command = try command(from: words, notes: notes, tags: tags)
    return invocation
  }

  private static func command(
    from words: [String], notes: String?, tags: [String]
  ) throws(AppError) -> Command? {
    guard let name = words.first else {
      if notes != nil || !tags.isEmpty { throw .missingCommand }
      return nil
    }
    let arguments = Array(words.dropFirst())
    if name != "add", notes != nil { throw .optionNotAllowed("--notes", command: name) }
    if name != "add", name != "list", !tags.isEmpty {
      throw .optionNotAllowed("--tag", command: name)
    }
    switch name {
    case "add":
      let title = try single(arguments, named: "title", for: name)
      return .add(title: title, notes: notes ?? "", tags: tags)
    case "list":
      guard arguments.isEmpty else { throw .unexpectedArgument(arguments[0], command: name) }
      guard tags.count <= 1 else { throw .optionNotAllowed("a second --tag", command: name) }
      return .list(tag: tags.first)
    case "show": return .show(try single(arguments, named: "id", for: name))
    case "delete": return .delete(try single(arguments, named: "id", for: name))
    case "help": return .help
    default: throw .unknownCommand(name)
    }
  }

  private static func single(
    _ arguments: [String], named argument: String, for command: String
  ) throws(AppError) -> String {
    guard let first = arguments.first else {
      throw .missingArgument(argument, command: command)
    }
    guard arguments.count == 1 else { throw .unexpectedArgument(arguments[1], command: command) }
    return first
  }
}
