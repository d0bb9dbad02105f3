// The commands on __model__ values: add, list, search, show, edit and delete, on the `__STORE__` store.

import Foundation
import Models
import Persistence
import ViewModels

/// `add`, `list`, `search`, `show`, `edit` and `delete` for ``__MODEL__``, through the same
/// ``__MODEL__ListViewModel`` the full-screen app uses.
enum __MODEL__Commands: CommandSet {
  static let group: String? = __GROUP__
  static let storeFilename = "__STORE__"
  static let help: [(usage: String, summary: String)] = [
    ("add <title> [--notes TEXT] [--tag TAG]...", "add one and print its id"),
    ("list [--tag TAG]", "list them, optionally only those tagged TAG"),
    ("search <words>... [--tag TAG]", "list those whose title, notes or tags hold every word"),
    ("show <id>", "show one: its full id, or a unique prefix of 4 hex digits or more"),
    (
      "edit <id> [--title TEXT] [--notes TEXT] [--tag TAG]...",
      "change the fields given; --tag replaces every tag (--tag \"\" removes them)"
    ),
    ("delete <id>", "delete one"),
  ]
  static let fieldOptions = ["title": "--title", "notes": "--notes", "tags": "--tag"]

  /// The store of __model__ values in `directory`. What it set aside as it opened (the end of
  /// a journal torn by a power cut, copied beside it) goes to `console` as a warning.
  static func openStore(
    in directory: URL, console: any Console
  ) throws -> any Repository<__MODEL__> {
    let repository = try LocalRepository<__MODEL__>(directory: directory, filename: storeFilename)
    for warning in repository.warnings {
      console.writeError("__EXECUTABLE__: warning: \(warning.message)\n")
    }
    return repository
  }

  static func run(
    _ input: CommandInput, in directory: URL, json: Bool, console: any Console
  ) async throws(AppError) {
    let list: __MODEL__ListViewModel
    do {
      list = __MODEL__ListViewModel(repository: try openStore(in: directory, console: console))
    } catch {
      throw .store(String(describing: error))
    }
    await list.load()
    switch input.command {
    case "add":
      try input.allowOnly(["--notes", "--tag"])
      let item = try validated {
        try __MODEL__.validated(
          title: try input.single("title"), notes: input.value("--notes") ?? "",
          tags: input.values("--tag") ?? [])
      }
      guard await list.add(item) else { throw .failed(list.errorMessage) }
      console.writeOutput(json ? try JSONOutput.encoded(item) : item.id.uuidString + "\n")
    case "list", "search":
      try input.allowOnly(["--tag"])
      if input.command == "list" { try input.noArguments() }
      if input.command == "search", input.arguments.isEmpty {
        throw .missingArgument("word to search for", command: input.name)
      }
      list.tag = input.value("--tag")
      list.searchText = input.arguments.joined(separator: " ")
      console.writeOutput(json ? try JSONOutput.encoded(list.items) : text(of: list))
    case "show":
      try input.allowOnly([])
      let item = try IDReference(text: input.single("id")).resolve(in: list.all)
      console.writeOutput(json ? try JSONOutput.encoded(item) : detail(of: item))
    case "edit":
      try input.allowOnly(Array(fieldOptions.values))
      let reference = IDReference(text: try input.single("id"))
      guard !input.options.isEmpty else { throw .nothingToEdit(command: input.name) }
      let item = try reference.resolve(in: list.all)
      let edited = try validated {
        try __MODEL__.validated(
          title: input.value("--title") ?? item.title, notes: input.value("--notes") ?? item.notes,
          tags: input.values("--tag") ?? item.tags, id: item.id, createdAt: item.createdAt)
      }
      switch await list.save(edited, ifUnchangedSince: item) {
      case .saved:
        console.writeOutput(json ? try JSONOutput.encoded(edited) : "Saved “\(edited.title)”.\n")
      case .conflict(let current):
        throw .editConflict(
          title: item.title,
          differences: current.map { edited.differences(from: $0) } ?? [], deleted: current == nil)
      case .failed: throw .failed(list.errorMessage)
      }
    case "delete":
      try input.allowOnly([])
      let item = try IDReference(text: input.single("id")).resolve(in: list.all)
      guard await list.remove(item.id) else { throw .failed(list.errorMessage) }
      console.writeOutput(json ? try JSONOutput.encoded(item) : "Deleted “\(item.title)”.\n")
    default:
      throw .unknownCommand(input.name, suggestion: nil)
    }
  }

  /// One line per value shown (a short id, the title and its tags), or why there is none.
  private static func text(of list: __MODEL__ListViewModel) -> String {
    guard !list.items.isEmpty else {
      return list.totalCount == 0
        ? "Nothing stored yet. Add one with `__EXECUTABLE__ \(group.map { $0 + " " } ?? "")add <title>`.\n"
        : "Nothing matches.\n"
    }
    return list.items.map { item in
      let tags = item.tags.isEmpty ? "" : "  " + item.tags.map { "#" + $0 }.joined(separator: " ")
      return "\(item.id.uuidString.prefix(8))  \(item.title)\(tags)\n"
    }.joined()
  }

  /// Every field of `item` on its own line.
  private static func detail(of item: __MODEL__) -> String {
    var lines = ["Id: \(item.id.uuidString)"]
    lines += item.editableFields.filter { !$0.text.isEmpty }.map { "\($0.label): \($0.text)" }
    lines.append("Created: \(ISO8601DateFormatter().string(from: item.createdAt))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The value `make` builds, or a usage error carrying the content rule it broke.
  private static func validated(
    _ make: () throws -> __MODEL__
  ) throws(AppError) -> __MODEL__ {
    do {
      return try make()
    } catch let error as AppError {
      throw error
    } catch {
      throw .invalidContent((error as? LocalizedError)?.errorDescription ?? "\(error)")
    }
  }
}
