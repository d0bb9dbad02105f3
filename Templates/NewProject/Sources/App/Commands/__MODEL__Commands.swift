// The commands on __model__ values: add, list, search, show, edit and delete, on the `__STORE__` store.

import CommandLineKit
import FlowKit
import Foundation
import LocalStore
import Models
import Persistence
import ViewModels

/// `add`, `list`, `search`, `show`, `edit` and `delete` for ``__MODEL__``, through the same
/// ``__MODEL__ListViewModel`` the full-screen app uses.
enum __MODEL__Commands: CommandSet {
  static let group: String? = __GROUP__
  static let storeFilename = __MODEL__Store.filename
  static let noun = "__model__"
  static let plural = "__models__"
  static var specs: [CommandSpec] {
    // add-relation: specs
    return commandSpecs
  }

  /// The commands on this model's own fields; ``specs`` adds those of its relations.
  private static var commandSpecs: [CommandSpec] {
    let words = group.map { [$0] } ?? []
    let prefix = group.map { $0 + " " } ?? ""
    let id = ("<id>", "The __model__'s id, or its first 4 or more hex digits as list shows them.")
    // fields: commands-specs
    let tag = OptionSpec("--tag", takesValue: true)
    return [
      CommandSpec(
        path: words + ["add"], overview: "Add a __model__ and print its id.",
        usage: prefix + "add <title> [--notes <text>] [--tag <tag>]...",
        arguments: [("<title>", "Its title. If it starts with `-`, put it last, after `--`.")],
        options: [OptionSpec("--notes", takesValue: true), tag],
        optionHelp: [
          ("--notes <text>", "Its notes."),
          ("--tag <tag>", "A tag to file it under; repeat for more tags."),
        ]),
      CommandSpec(
        path: words + ["list"], overview: "List the __models__, or only those with a tag.",
        usage: prefix + "list [--tag <tag>]", options: [tag],
        optionHelp: [("--tag <tag>", "Only list those with this word in tags, ignoring case.")]),
      CommandSpec(
        path: words + ["search"],
        overview: "List the __models__ whose title, notes or tags hold every word.",
        usage: prefix + "search <words>... [--tag <tag>]",
        arguments: [("<words>", "Words that must all occur, ignoring case and accents.")],
        options: [tag], optionHelp: [("--tag <tag>", "Only those with this tag, too.")]),
      CommandSpec(
        path: words + ["show"], overview: "Show every field of one __model__.",
        usage: prefix + "show <id>", arguments: [id]),
      CommandSpec(
        path: words + ["edit"],
        overview: "Change the fields given of one __model__, unless changed meanwhile.",
        usage: prefix + "edit <id> [--title <text>] [--notes <text>] [--tag <tag>]...",
        arguments: [id],
        options: [
          OptionSpec("--title", takesValue: true), OptionSpec("--notes", takesValue: true), tag,
        ],
        optionHelp: [
          ("--title <text>", "The new title."),
          ("--notes <text>", "The new notes."),
          (
            "--tag <tag>",
            "A tag; repeat for more. The tags given replace every tag; --tag \"\" removes them."
          ),
        ]),
      CommandSpec(
        path: words + ["delete"], overview: "Delete one __model__.", usage: prefix + "delete <id>",
        arguments: [id]),
    ]
    // fields: end
  }
  // fields: commands-field-options
  static let fieldOptions = ["title": "--title", "notes": "--notes", "tags": "--tag"]
  // fields: end

  /// The store of __model__ values in `directory`, opened off the main actor and kept in
  /// `stores` to be synchronized when the run ends. What it set aside as it opened (the end of
  /// a journal torn by a power cut, copied beside it) goes to `console` as a warning.
  static func openStore(
    in directory: URL, console: any Console, keptIn stores: OpenedStores
  ) async throws -> any Repository<__MODEL__> {
    let opened = try await __MODEL__Store.open(in: directory)
    for warning in opened.warnings {
      console.writeError(CommandRunner.tool.warning(warning.message))
    }
    return stores.keep(opened.repository)
  }

  static func run(
    _ input: CommandInput, in directory: URL, json: Bool, console: any Console,
    stores: OpenedStores
  ) async throws(AppError) {
    // The store opens once the command line is checked: a wrong one is a usage error even
    // when the store cannot be read.
    func loadedList() async throws(AppError) -> __MODEL__ListViewModel {
      let list: __MODEL__ListViewModel
      do {
        list = __MODEL__ListViewModel(
          repository: try await openStore(in: directory, console: console, keptIn: stores))
      } catch {
        throw .store(error)
      }
      await list.load()
      return list
    }
    switch input.command {
    case "add":
      // fields: commands-add
      var item = try validated(input) {
        try __MODEL__.validated(
          title: try input.single("<title>"), notes: try input.value("--notes") ?? "",
          tags: input.values("--tag") ?? [])
      }
      // fields: end
      try await link(&item, input, in: directory, console: console, stores: stores)
      let list = try await loadedList()
      guard await list.add(item) else { throw .failed(list.errorMessage) }
      console.writeOutput(json ? try encoded(item) : item.id.uuidString + "\n")
    case "list", "search":
      if input.command == "list" { try input.noArguments() }
      if input.command == "search", input.arguments.isEmpty {
        throw input.usage(.missingArgument("<words>"))
      }
      let tag = try input.value("--tag")
      let list = try await loadedList()
      list.tag = tag
      list.searchText = input.arguments.joined(separator: " ")
      if json {
        console.writeOutput(try encoded(list.items))
      } else if list.items.isEmpty {
        console.writeError(emptyListHint(storeIsEmpty: list.totalCount == 0))
      } else {
        let names = try await listNames(
          of: list.items, in: directory, console: console, stores: stores)
        console.writeOutput(text(of: list.items, names: names))
      }
    case "show":
      let reference = try parsedReference(try input.single("<id>"), for: input)
      let item = try lookUp(reference, in: try await loadedList().all)
      let related = try await related(to: item, in: directory, console: console, stores: stores)
      console.writeOutput(json ? try encoded(item) : detail(of: item, related: related))
    case "edit":
      let reference = try parsedReference(try input.single("<id>"), for: input)
      guard input.hasOptions else {
        throw input.usage(.nothingToChange(subcommand: input.name, example: "__TITLE_OPTION__ <text>"))
      }
      let list = try await loadedList()
      let item = try lookUp(reference, in: list.all)
      // fields: commands-edit
      let tags = input.values("--tag").map { $0.allSatisfy(\.isEmpty) ? [] : $0 }
      var edited = try validated(input) {
        try __MODEL__.validated(
          title: try input.value("--title") ?? item.title,
          notes: try input.value("--notes") ?? item.notes, tags: tags ?? item.tags, id: item.id,
          createdAt: item.createdAt)
      }
      // fields: end
      try await link(&edited, input, in: directory, console: console, stores: stores)
      // Saved only if the store still holds what was read: another writer's change made
      // meanwhile is never overwritten unseen.
      switch await list.save(edited, ifUnchangedSince: item) {
      case .saved:
        if json {
          console.writeOutput(try encoded(edited))
        } else {
          console.writeError("Saved \(edited.id.uuidString)\n")
        }
      case .conflict(let current):
        let differences = try await named(
          current.map { edited.differences(from: $0) } ?? [], in: directory, console: console,
          stores: stores)
        throw .editConflict(
          title: item.__title__, differences: differences, deleted: current == nil,
          retry: ([CommandRunner.tool.name] + input.name.split(separator: " ").map(String.init))
            .joined(separator: " "))
      case .failed: throw .failed(list.errorMessage)
      }
    case "delete":
      let reference = try parsedReference(try input.single("<id>"), for: input)
      let list = try await loadedList()
      let item = try lookUp(reference, in: list.all)
      try await prepareDeletion(of: item, input, in: directory, console: console, stores: stores)
      guard await list.remove(item.id) else { throw .failed(list.errorMessage) }
      try await finishDeletion(of: item, input, in: directory, console: console, stores: stores)
      if json {
        console.writeOutput(try encoded(item))
      } else {
        console.writeError("Deleted \(item.id.uuidString)\n")
      }
    // add-relation: commands
    default:
      throw .usage(
        .unknownSubcommand(input.command, subcommands: specs.map { $0.path.last ?? "" }),
        command: nil)
    }
  }

  /// What `list` says on standard error when it shows nothing.
  private static func emptyListHint(storeIsEmpty: Bool) -> String {
    storeIsEmpty
      ? "Nothing stored yet. Add one with: \(CommandRunner.tool.name) \(group.map { $0 + " " } ?? "")add <__title__>\n"
      : "Nothing matches.\n"
  }

  /// One line per value (a short id, the title, the `names` of what it refers to, its tags).
  private static func text(of items: [__MODEL__], names: [UUID: [String]]) -> String {
    items.map { item in
      let named = (names[item.id] ?? []).map { "  " + $0 }.joined()
      // fields: commands-text
      let tags = item.tags.isEmpty ? "" : "  " + item.tags.map { "#" + $0 }.joined(separator: " ")
      return "\(item.id.uuidString.prefix(8))  \(item.title)\(named)\(tags)\n"
      // fields: end
    }.joined()
  }

  /// Every field of `item` on its own line, a reference by the name of what it refers to.
  private static func detail(
    of item: __MODEL__, related: [(label: String, text: String)] = []
  ) -> String {
    var lines = ["Id: \(item.id.uuidString)"]
    let fields = item.editableFields.map { field in
      (label: field.label, text: related.first { $0.label == field.label }?.text ?? field.text)
    }
    let others = related.filter { line in !fields.contains { $0.label == line.label } }
    lines += (fields + others).filter { !$0.text.isEmpty }.map { "\($0.label): \($0.text)" }
    lines.append("Created: \(ISO8601DateFormatter().string(from: item.createdAt))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `value` as `--json` prints it.
  private static func encoded(_ value: some Encodable) throws(AppError) -> String {
    do {
      return try JSONText.encoded(value)
    } catch {
      throw .encodingFailed(String(describing: error))
    }
  }

  /// The value `make` builds, or a usage error of `input` carrying the content rule it broke.
  private static func validated(
    _ input: CommandInput, _ make: () throws -> __MODEL__
  ) throws(AppError) -> __MODEL__ {
    do {
      return try make()
    } catch let error as AppError {
      throw error
    } catch {
      let sentence = (error as? LocalizedError)?.errorDescription ?? "\(error)"
      throw input.usage(.invalidContent(sentence))
    }
  }
}
