// The failure of a SyncingFolder run that printed the sync password.

/// A run of a ``SyncingFolder``'s tool printed the server's password.
public struct SyncingFolderError: Error, CustomStringConvertible {
  /// The arguments of the run.
  public var arguments: [String]

  /// What went wrong, without the password.
  public var description: String { "the run with \(arguments) printed the sync password" }
}
