// How the hostile-output checks reach one built command-line tool: the few things that differ between tools.

import Foundation

/// How a test reaches one command-line tool for the hostile-output checks: the few things that
/// differ between one tool and another made from the same template. The checks themselves, in
/// ``HostileCommandLine``, are shared.
public struct HostileTool: Sendable {
  /// The built executable.
  public var executable: URL
  /// The variable that names its data folder, removed for the runs.
  public var dataVariable: String
  /// Its store file in the data folder: `recipes.json`.
  public var storeFilename: String
  /// The arguments that store a value whose visible text is the argument, printing its id.
  public var add: @Sendable (String) -> [String]
  /// The arguments that change the text of the value with the id (first) to the text (second).
  public var edit: @Sendable (String, String) -> [String]
  /// The commands that print stored text, given the id of a stored value.
  public var readers: @Sendable (String) -> [[String]]

  /// A tool described by its parts.
  public init(
    executable: URL, dataVariable: String, storeFilename: String,
    add: @escaping @Sendable (String) -> [String],
    edit: @escaping @Sendable (String, String) -> [String],
    readers: @escaping @Sendable (String) -> [[String]]
  ) {
    self.executable = executable
    self.dataVariable = dataVariable
    self.storeFilename = storeFilename
    self.add = add
    self.edit = edit
    self.readers = readers
  }
}
