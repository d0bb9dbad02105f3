// What the commands of one stored model offer the runner: their group word, their help, and running one.

import CommandLineKit
import Foundation
import LocalStore

/// The commands of one stored model: `add`, `list`, `search`, `show`, `edit`, `delete`.
///
/// The app's first model answers to the bare commands (`__EXECUTABLE__ add ...`); every model
/// that `make add-model` adds answers under its own group word (`__EXECUTABLE__ ingredients
/// add ...`), so the commands people already type never change meaning. ``CommandGroups``
/// lists them all.
protocol CommandSet {
  /// The word that selects this model before a command, such as `ingredients`; `nil` for the
  /// first model, whose commands need none.
  static var group: String? { get }
  /// The store file of this model in the data folder.
  static var storeFilename: String { get }
  /// What one value is called in messages, in lower case: `ingredient`.
  static var noun: String { get }
  /// Its plural: `ingredients`.
  static var plural: String { get }
  /// Its commands as the shared parser and help layout know them: their words (the group
  /// word first, if any), usage, arguments and options.
  static var specs: [CommandSpec] { get }
  /// The stored keys of this model that a person edits, each with the option that sets it.
  ///
  /// A test checks it against the model's encoded keys and the help page, so a new field
  /// cannot be forgotten in either.
  static var fieldOptions: [String: String] { get }

  /// Runs `input` on the store in `directory`, writing its result to `console`; the store is
  /// kept in `stores`, which the runner synchronizes once the command is done.
  static func run(
    _ input: CommandInput, in directory: URL, json: Bool, console: any Console,
    stores: OpenedStores
  ) async throws(AppError)
}

extension CommandSet {
  /// The command that lists this model's values with their ids.
  static var listCommand: String {
    ([CommandRunner.tool.name] + (group.map { [$0] } ?? []) + ["list"]).joined(separator: " ")
  }

  /// The id or id prefix `text`, checked before the store opens.
  ///
  /// - Throws: A usage error of `input` when `text` is not an id nor 4 or more hex digits.
  static func parsedReference(
    _ text: String, for input: CommandInput
  ) throws(AppError) -> IDReference {
    guard let reference = IDReference(text) else {
      throw input.usage(.malformedID(text, noun: noun))
    }
    return reference
  }

  /// The one value among `items` that `reference` designates.
  ///
  /// - Throws: ``AppError/lookup(_:noun:plural:listCommand:)`` when no value, or several,
  ///   match.
  static func lookUp<Item: Identifiable>(
    _ reference: IDReference, in items: [Item]
  ) throws(AppError) -> Item where Item.ID == UUID {
    do {
      return try reference.find(in: items)
    } catch {
      throw .lookup(error, noun: noun, plural: plural, listCommand: listCommand)
    }
  }
}
