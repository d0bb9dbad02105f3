// The built-in sample deck: questions about the subject this package teaches.

import Foundation

extension Question {
  /// A deck of questions about Swift concurrency and local persistence, for a new user to
  /// study with and for demos.
  ///
  /// Every question has a fixed ID and creation date, so loading the deck twice replaces
  /// the same questions instead of adding copies.
  public static let sampleDeck: [Question] = sampleEntries.enumerated().map { index, entry in
    Question(
      id: sampleID(index), prompt: entry.prompt, answer: entry.answer, tags: entry.tags,
      createdAt: Date(timeIntervalSince1970: 1_795_334_400 + Double(index)))
  }

  /// A fixed, valid version-4 UUID per entry, `XXXXXXXX-5A3F-4000-8000-0000000000NN`, whose
  /// first digits come from a multiplicative hash of the index, so that the entries differ
  /// from their first few digits on, and a prefix typed from `questions list` picks one.
  ///
  /// Earlier versions of the deck used `5A3F00NN-…`, so all 32 shared the prefix `5A3F00`;
  /// ``isSampleQuestion(_:)`` still recognises those.
  private static func sampleID(_ index: Int) -> UUID {
    let hash = UInt32(truncatingIfNeeded: index + 1) &* 0x9E37_79B1
    return UUID(
      uuid: (
        UInt8(truncatingIfNeeded: hash >> 24), UInt8(truncatingIfNeeded: hash >> 16),
        UInt8(truncatingIfNeeded: hash >> 8), UInt8(truncatingIfNeeded: hash), 0x5A, 0x3F, 0x40,
        0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(index)
      ))
  }

  /// Whether `question` is an entry of the sample deck already, under this version's ID or
  /// an earlier one's: the same prompt as an entry counts, so loading the deck into a store
  /// that holds an earlier deck adds no copies.
  public static func isSampleQuestion(_ question: Question) -> Bool {
    samplePrompts.contains(question.prompt)
  }

  private static let samplePrompts = Set(sampleEntries.map(\.prompt))

  private static let sampleEntries: [(prompt: String, answer: String, tags: [String])] = [
    (
      "What does an actor guarantee about its mutable state?",
      "Only one task at a time runs the actor's isolated code, so its state is never accessed concurrently: no data races, checked by the compiler.",
      ["actors", "concurrency"]
    ),
    (
      "What is actor reentrancy?",
      "At every `await` inside an actor method, the actor may run other calls before the method resumes, so state read before the `await` may have changed after it.",
      ["actors", "concurrency"]
    ),
    (
      "How do you avoid reentrancy bugs in an actor?",
      "Finish each change of state before the first `await`, or re-check what you read after it; never assume state holds across a suspension point.",
      ["actors", "concurrency"]
    ),
    (
      "What does `Sendable` mean?",
      "A type is Sendable when its values can cross isolation domains (tasks, actors) without creating a data race: value types of Sendable parts, immutable classes, actors.",
      ["sendable", "concurrency"]
    ),
    (
      "Why must a public struct say `Sendable` explicitly?",
      "Sendable is inferred only for non-public types; a public type promises it in its declaration, so clients in other modules can rely on it.",
      ["sendable", "swift"]
    ),
    (
      "What does `@MainActor` on a view model do?",
      "It isolates the class to the main actor: its state is read and written on the main thread, where user interfaces run, and callers from elsewhere must `await`.",
      ["mainactor", "concurrency"]
    ),
    (
      "Why do view models assign all their state after the last `await`?",
      "Observers see a change at each suspension point; computing first and assigning together shows the user one change per action instead of a flicker of half-updated states.",
      ["observation", "viewmodels"]
    ),
    (
      "What does `@Observable` give a class?",
      "Tracking of the properties each observer reads, so only the code that read a changed property is notified; no `@Published` or manual notifications.",
      ["observation", "swift"]
    ),
    (
      "What is the cooperative thread pool?",
      "The fixed set of threads, about one per core, that runs Swift tasks; a task that blocks one of them (say in `fsync`) slows every other task.",
      ["concurrency", "io"]
    ),
    (
      "Why does `Task.detached` not make blocking I/O safe?",
      "A detached task still runs on the cooperative pool, so it still blocks one of its few threads; and detached writes can finish out of order.",
      ["concurrency", "io"]
    ),
    (
      "How can an actor do blocking file I/O without blocking the cooperative pool?",
      "Give it a custom serial executor that runs its jobs on its own Dispatch queue; the actor stays serial, and blocking happens on a thread meant for it.",
      ["actors", "io"]
    ),
    (
      "What does an atomic write (temporary file, then rename) guarantee?",
      "A reader sees the old file or the new one, never a mix; after a crash, one of the two is there, complete.",
      ["durability", "files"]
    ),
    (
      "Why is a rename not durable until the folder is synced?",
      "The rename changes the folder's entries; until the folder is flushed with `fsync`, a power cut can bring back the old entry.",
      ["durability", "fsync"]
    ),
    (
      "What does `fsync` do?",
      "It blocks until the file's data and metadata have reached stable storage, so a write acknowledged after it survives a power cut.",
      ["durability", "fsync"]
    ),
    (
      "Why is plain `fsync` not enough on Apple platforms?",
      "It pushes data to the drive but not through the drive's cache; `fcntl(F_FULLFSYNC)` asks the drive to flush its cache too.",
      ["durability", "fsync"]
    ),
    (
      "What must never happen to a store file that cannot be read?",
      "It must not be treated as empty and then overwritten: report it, leave the bytes untouched, and let the user move it aside on purpose.",
      ["durability", "errors"]
    ),
    (
      "When a write fails, what should the repository's memory hold?",
      "Exactly what is on disk: undo the change in memory too, or the app shows data that a restart will lose.",
      ["durability", "actors"]
    ),
    (
      "What is a write-ahead journal?",
      "An append-only log of changes next to a snapshot: a save appends one record and syncs it, instead of rewriting the whole store.",
      ["journal", "performance"]
    ),
    (
      "How does a journal tell a torn write from corruption?",
      "Each record carries its length, a checksum and how far the journal was synced when it was written. A bad record is damage only if a later good record says the journal was synced past it; otherwise no save after it was acknowledged, so it is a write cut short by a crash or power cut, and is set aside.",
      ["journal", "durability"]
    ),
    (
      "What is compaction?",
      "Folding the journal into a new snapshot and emptying the journal, so that opening stays fast; done when the journal outgrows the snapshot.",
      ["journal", "performance"]
    ),
    (
      "What is group commit?",
      "Saves that arrive while a sync is in flight share the next one, so many concurrent saves cost a few `fsync`s instead of one each.",
      ["journal", "performance"]
    ),
    (
      "Why lock a separate lock file rather than the store file itself?",
      "An atomic write renames a new file over the store, so a lock on the old inode protects nothing; a lock file that is never renamed keeps one inode.",
      ["files", "processes"]
    ),
    (
      "What does `flock` protect against, and what not?",
      "Other processes that take the same lock; it is advisory, so a program that ignores the lock file is not stopped.",
      ["files", "processes"]
    ),
    (
      "Why keep a version number in a store file?",
      "So that a newer program can recognise an older format and migrate it, and an older program can refuse a newer file instead of misreading it.",
      ["migration", "files"]
    ),
    (
      "Why does `URL.documentsDirectory` not work on Linux?",
      "It is an Apple API; on Linux, app data belongs in `$XDG_DATA_HOME` or `~/.local/share`.",
      ["linux", "files"]
    ),
    (
      "Why is a dictionary cache keyed by ID a good fit for a repository?",
      "Lookups by ID are O(1); keep the insertion order beside it if `loadAll()` must return a stable order.",
      ["repository", "performance"]
    ),
    (
      "Why should a view model not call an actor once per item?",
      "Each call is a hop onto the actor and back; asking for the whole batch in one call is hundreds of times faster.",
      ["actors", "performance"]
    ),
    (
      "What is the point of an `InMemoryRepository`?",
      "It implements the same protocol without touching disk, so tests and previews run fast and one conformance suite checks it behaves like the real one.",
      ["repository", "testing"]
    ),
    (
      "How do you prove that a store survives a crash?",
      "Kill a real writer process with `kill -9` at random moments many times, then reopen and check every acknowledged write is there.",
      ["testing", "durability"]
    ),
    (
      "Why does a permission test prove nothing when run as root?",
      "Root ignores permission bits; run the writer as another user (`setpriv`) or make the file immutable (`chattr +i`).",
      ["testing", "linux"]
    ),
    (
      "What is a `nonisolated` member of an actor?",
      "One that runs outside the actor's isolation: it may touch only immutable or Sendable state, and using it to bypass isolation defeats the actor.",
      ["actors", "swift"]
    ),
    (
      "What does Swift 6 language mode change about concurrency?",
      "Complete concurrency checking becomes an error, not a warning: data races across isolation domains no longer compile.",
      ["swift", "concurrency"]
    ),
  ]
}
