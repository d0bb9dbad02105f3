// A store the runner opened, with what it found on disk that the person should hear about.

import Persistence

/// A repository the runner opened, and the warnings it opened past.
///
/// A ``/Persistence/LocalRepository`` can open past damage that cost nothing acknowledged, such as the
/// end of a journal torn by a power cut, which it copies beside the store; its `warnings`
/// say so once, at that open. The runner shows them, so the person learns where the bytes
/// went. An in-memory store has none.
nonisolated struct OpenedStore<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// The store.
  let repository: any Repository<Item>
  /// What the store set aside as it opened, for the person to read.
  let warnings: [StoreWarning]

  /// `repository`, with the warnings it opened past (none by default).
  init(_ repository: any Repository<Item>, warnings: [StoreWarning] = []) {
    self.repository = repository
    self.warnings = warnings
  }
}
