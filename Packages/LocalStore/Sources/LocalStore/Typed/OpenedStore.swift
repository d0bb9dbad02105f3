// A store an app opened, with what it found on disk that the person should hear about.

/// A repository an app opened, whatever kind it is, and the warnings it opened past.
///
/// A ``LocalRepository`` can open past damage that cost nothing acknowledged, such as the
/// end of a journal torn by a power cut, which it copies beside the store; its `warnings`
/// say so once, at that open. An app shows them, so the person learns where the bytes went.
/// An in-memory store has none. An app's persistence layer returns one from the function
/// that opens its store, so that the code above it is the same whichever kind of store it
/// chose.
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
