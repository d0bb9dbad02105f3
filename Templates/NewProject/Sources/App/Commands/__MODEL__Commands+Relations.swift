// What a __model__'s commands do about the values it refers to and that refer to it: one hook each, which `make add-relation` fills.

import CommandLineKit
import Foundation
import LocalStore
import Models
import ViewModels

extension __MODEL__Commands {
  /// For each of `items`, the names of the values it refers to, such as `Author: Le Guin`, as
  /// `list` prints them after its title (`make add-relation` adds each).
  static func listNames(
    of items: [__MODEL__], in directory: URL, console: any Console, stores: OpenedStores
  ) async throws(AppError) -> [UUID: [String]] {
    // add-relation: list names
    return [:]
  }

  /// `differences` with each reference shown by the name of what it refers to, not by its id
  /// (`make add-relation` adds each).
  static func named(
    _ differences: [FieldDifference], in directory: URL, console: any Console,
    stores: OpenedStores
  ) async throws(AppError) -> [FieldDifference] {
    // add-relation: named differences
    return differences
  }

  /// Sets `item`'s references to values of other models from the options given (`make
  /// add-relation` adds each).
  static func link(
    _ item: inout __MODEL__, _ input: CommandInput, in directory: URL, console: any Console,
    stores: OpenedStores
  ) async throws(AppError) {
    // add-relation: links
  }

  /// The names of the values `item` refers to and of those that refer to it, as `show` prints
  /// them (`make add-relation` adds each).
  static func related(
    to item: __MODEL__, in directory: URL, console: any Console, stores: OpenedStores
  ) async throws(AppError) -> [(label: String, text: String)] {
    // add-relation: related
    return []
  }

  /// Refuses to delete `item` while values of other models refer to it, unless the command
  /// says to unlink them (`make add-relation` adds each check).
  static func prepareDeletion(
    of item: __MODEL__, _ input: CommandInput, in directory: URL, console: any Console,
    stores: OpenedStores
  ) async throws(AppError) {
    // add-relation: before deleting
  }

  /// Clears the references to `item`, just deleted, when the command said to unlink them.
  static func finishDeletion(
    of item: __MODEL__, _ input: CommandInput, in directory: URL, console: any Console,
    stores: OpenedStores
  ) async throws(AppError) {
    // add-relation: after deleting
  }
}
