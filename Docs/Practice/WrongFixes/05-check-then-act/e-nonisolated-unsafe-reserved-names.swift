// Wrong fix: reserve names in a static set before saving, with no `await` between the check
// and the reservation, and `nonisolated(unsafe)` to silence the compiler. The set is one per
// process, not per store, so a name taken in one store is refused in every other; it is
// changed from any thread at once (a data race the compiler was told to ignore), and a name
// whose save fails stays reserved.
// Refused by: a name claimed in one store was refused in another

import LocalStore

/// An account; its ID is the user name, so a name belongs to one owner.
struct Account: Codable, Identifiable, Sendable, Equatable {
  var id: String
  var owner: String
}

/// Gives out user names, first come first served.
struct SignUp: Sendable {
  let accounts: any Repository<Account>
  /// Checks a name against the rules (a call to a server in the app). It takes a while.
  let vetName: @Sendable (String) async -> Void

  /// The names claimed so far, checked and reserved in one step.
  nonisolated(unsafe) static var reserved: Set<String> = []

  /// Claims `name` for `owner`; returns `false` when the name is already taken.
  func claim(_ name: String, for owner: String) async throws -> Bool {
    await vetName(name)
    guard Self.reserved.insert(name).inserted else { return false }
    try await accounts.save(Account(id: name, owner: owner))
    return true
  }
}
