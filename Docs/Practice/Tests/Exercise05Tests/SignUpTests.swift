// Checks exercise 5: two people claiming one name at the same moment: exactly one gets it,
// and a name already taken is never given again.

import ExerciseSupport
import LocalStore
import Testing

@testable import Exercise05

/// Accounts in memory, where every `find(by:)` is held until the other claim has made the
/// same call: a check made with `find` is then always stale by the time it is acted on,
/// as it is now and then with real traffic. Everything else goes straight to the store.
actor HeldLookups: Repository {
  private let accounts = InMemoryRepository<Account>()
  private let lookups = Arrivals(expected: 2)

  func find(by id: String) async -> Account? {
    let found = await accounts.find(by: id)
    await lookups.arrive()
    return found
  }

  func save(_ item: Account) async throws { try await accounts.save(item) }
  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Account {
    try await accounts.save(contentsOf: items)
  }
  func insert(_ item: Account) async throws -> Bool { try await accounts.insert(item) }
  func save(_ item: Account, if condition: @Sendable (Account?) -> Bool) async throws -> Bool {
    try await accounts.save(item, if: condition)
  }
  func delete(_ id: String) async throws { try await accounts.delete(id) }
  func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == String {
    try await accounts.delete(ids: ids)
  }
  func loadAll() async -> [Account] { await accounts.loadAll() }
  func changes() -> RepositoryChanges<String> { .finished }
  func synchronize() async throws {}
}

/// Accounts on a disk that refuses every write: a claim must say so, not that the name is taken.
actor RefusingAccounts: Repository {
  struct DiskFull: Error {}
  private let accounts = InMemoryRepository<Account>()

  func find(by id: String) async -> Account? { await accounts.find(by: id) }
  func save(_ item: Account) async throws { throw DiskFull() }
  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Account {
    throw DiskFull()
  }
  func insert(_ item: Account) async throws -> Bool { throw DiskFull() }
  func save(_ item: Account, if condition: @Sendable (Account?) -> Bool) async throws -> Bool {
    throw DiskFull()
  }
  func delete(_ id: String) async throws { throw DiskFull() }
  func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == String {
    throw DiskFull()
  }
  func loadAll() async -> [Account] { await accounts.loadAll() }
  func changes() -> RepositoryChanges<String> { .finished }
  func synchronize() async throws {}
}

@Suite struct SignUpTests {
  /// Every name is vetted, and vetted before it is claimed: the vetting is a call the claim
  /// waits for, not one it skips or leaves running behind it.
  @Test func nameIsVettedBeforeItIsClaimed() async throws {
    let accounts = InMemoryRepository<Account>()
    let vetting = VettingLog()
    let signUp = SignUp(
      accounts: accounts,
      vetName: { name in
        try? await Task.sleep(for: .milliseconds(20))
        await vetting.vetted(name, alreadyClaimed: await accounts.find(by: name) != nil)
      })
    _ = try await signUp.claim("ada", for: "Ada Lovelace")
    let log = await vetting.entries
    #expect(
      log == ["ada: not claimed yet"],
      "the vetting of \"ada\" went \(log): each name must be vetted, and claimed only once vetted"
    )
  }

  /// A store that fails is not a name that is taken: the person would be told to pick
  /// another name when nothing is wrong with theirs, and never learn the save failed.
  @Test func storeFailureIsNotANameTaken() async throws {
    let signUp = SignUp(accounts: RefusingAccounts(), vetName: { _ in })
    await #expect(
      throws: RefusingAccounts.DiskFull.self,
      "the store failed, and the person was told the name is taken: a store error is not a domain answer"
    ) {
      _ = try await signUp.claim("ada", for: "Ada Lovelace")
    }
  }

  /// Names belong to a store, not to the process: two stores (two apps' folders, or the tests
  /// of one app) each give "ada" to their first claimant.
  @Test func eachStoreGivesOutItsOwnNames() async throws {
    let first = SignUp(accounts: InMemoryRepository<Account>(), vetName: { _ in })
    let second = SignUp(accounts: InMemoryRepository<Account>(), vetName: { _ in })
    #expect(try await first.claim("grace", for: "Grace Hopper"))
    #expect(
      try await second.claim("grace", for: "Grace Murray"),
      "a name claimed in one store was refused in another: the store, not a static in the process, knows who owns a name"
    )
  }

  @Test func freeNameIsClaimedAndTakenNameIsRefused() async throws {
    let accounts = InMemoryRepository<Account>()
    let signUp = SignUp(accounts: accounts, vetName: { _ in })
    #expect(try await signUp.claim("ada", for: "Ada Lovelace"))
    #expect(
      try await !signUp.claim("ada", for: "Ada Byron"),
      "\"ada\" was already taken, and the second person was told it is theirs")
    #expect(
      await accounts.find(by: "ada")?.owner == "Ada Lovelace",
      "the first owner of \"ada\" lost the name to a later claim")
  }

  @Test func twoClaimsAtOnceGiveTheNameToOne() async throws {
    let accounts = HeldLookups()
    // Both claims are held at the vetting step, and at every lookup, until the other has
    // reached it too: the interleaving that real traffic produces now and then happens on
    // every run.
    let vetting = Arrivals(expected: 2)
    let signUp = SignUp(accounts: accounts, vetName: { _ in await vetting.arrive() })
    async let first = signUp.claim("ada", for: "Ada Lovelace")
    async let second = signUp.claim("ada", for: "Ada Byron")
    let results = try await [first, second]
    let owner = await accounts.loadAll().first?.owner
    #expect(
      results.filter { $0 }.count == 1,
      "both people were told the name \"ada\" is theirs; the store kept only one of them")
    #expect(
      owner == (results[0] ? "Ada Lovelace" : "Ada Byron"),
      "the person told \"ada\" is theirs is not its owner in the store (\(owner ?? "nobody"))")
  }
}

/// What the vetting saw, in order.
actor VettingLog {
  private(set) var entries: [String] = []

  func vetted(_ name: String, alreadyClaimed: Bool) {
    entries.append("\(name): \(alreadyClaimed ? "already claimed" : "not claimed yet")")
  }
}
