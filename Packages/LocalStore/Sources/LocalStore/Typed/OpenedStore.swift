// A store the runner opened, with what it found on disk that the person should hear about.

import LocalStore

/// A repository the runner opened, and the warnings it opened past.
///
/// A ``/LocalStore/LocalRepository`` can open past damage that cost nothing acknowledged, such as the
/// end of a journal torn by a power cut, which it copies beside the store; its `warnings`
/// say so once, at that open. The runner shows them, so the person learns where the bytes
/// went. An in-memory store has none.
public struct OpenedStore<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// The store.
  public let repository: any Repository<Item>
  /// What the store set aside as it opened, for the person to read.
  public let warnings: [StoreWarning]

  /// `repository`, with the warnings it opened past (none by default).
  public init(_ repository: any Repository<Item>, warnings: [StoreWarning] = []) {
    self.repository = repository
    self.warnings = warnings
  }
}
