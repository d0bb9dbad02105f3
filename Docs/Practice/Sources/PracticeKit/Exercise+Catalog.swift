// The course: twelve exercises, from the first actor to an executor of its own.

extension Exercise {
  /// Every exercise, in the order of the tutorial and the articles.
  public static let all: [Exercise] = [
    Exercise(
      number: 1, folder: "01-lock-to-actor", fileName: "VisitCounter.swift",
      title: "A class and a lock become an actor",
      problem:
        "VisitCounter claims Sendable and guards its dictionary with an NSLock, but count(for:) "
        + "reads it without the lock. The Swift 6 compiler refuses the class: it cannot check a lock.",
      stakes:
        "A forgotten lock is a data race that no test reliably catches; an actor's state is checked "
        + "by the compiler at every access.",
      page: "Docs/LocalStore.docc/DesignDecisions.md, \"An actor, not a class and a lock\"",
      hints: [
        "Make VisitCounter an actor. Its methods stay the same and stay isolated; callers will "
          + "await them. Nothing nonisolated: that is the lock-free race again.",
        "Write `actor VisitCounter {`, keep `private var counts`, and delete the lock and the "
          + "lock()/unlock() calls. No @unchecked Sendable, no nonisolated(unsafe).",
      ],
      expectedFailure: "is mutable"),
    Exercise(
      number: 2, folder: "02-corrupt-file", fileName: "NoteStore.swift",
      title: "A damaged file is not an empty store",
      problem:
        "NoteStore's init uses try? for both reading and decoding, so a file it cannot decode opens "
        + "as an empty store, and a file with two notes of one ID crashes the app. The next save "
        + "writes the empty store over the file.",
      stakes: "One damaged byte, and every note the user ever wrote is gone for good.",
      page:
        "Docs/LocalStore.docc/Reliability.md, \"2. A file that cannot be read is never "
        + "overwritten or deleted\"",
      hints: [
        "Only a missing file means an empty store. Any other failure must throw from init, and "
          + "two notes with one ID are damage too: Dictionary(uniqueKeysWithValues:) traps on them.",
        "Check FileManager.default.fileExists(atPath:) first; if it exists, use plain `try` for "
          + "Data(contentsOf:) and JSONDecoder().decode, with no `try?`. Fill the dictionary in a "
          + "loop, and throw when `notes.updateValue(note, forKey: note.id)` returns a note.",
      ],
      expectedFailure: "init must throw"),
    Exercise(
      number: 3, folder: "03-failed-write", fileName: "NoteStore.swift",
      title: "A failed write leaves memory as the file",
      problem:
        "save(_:) puts the note in the dictionary, then writes. When the write fails, the call "
        + "throws, but the dictionary keeps the note the disk refused.",
      stakes:
        "The screen shows a note that is not stored; it vanishes at the next launch, and later "
        + "saves write it out by accident.",
      page: "Docs/LocalStore.docc/Reliability.md, \"1. Acknowledged means durable\"",
      hints: [
        "Change a copy of the dictionary, write the copy, and keep it only once the write worked.",
        "`var changed = notes; changed[note.id] = note`, encode and write `changed`, then "
          + "`notes = changed` as the last line.",
      ],
      expectedFailure: "memory is ahead of the file"),
    Exercise(
      number: 4, folder: "04-detached-write", fileName: "DraftStore.swift",
      title: "Task.detached lands an older draft last",
      problem:
        "save(_:) hands each write to Task.detached. Detached tasks run in no particular order, so "
        + "when the first write is slow, the older draft lands after the newer one. Awaiting the "
        + "write inside save(_:) is not enough: the actor takes the next save at that await.",
      stakes:
        "The file keeps a draft the user already replaced, and a failed write is never reported.",
      page:
        "Docs/LocalStore.docc/ConcurrencyPitfalls.md, \"Reentrancy: the actor's state can "
        + "change at every await\"",
      hints: [
        "The actor is reentrant: while one save awaits its write, the next save runs. Make each "
          + "write wait for the one before it, with no await between taking the previous write "
          + "and putting yours in its place.",
        "Keep `private var lastWrite: Task<Void, any Error>?`. In save: `let previous = lastWrite`, "
          + "`let thisWrite = Task { [write] in _ = await previous?.result; try await write(data) }`, "
          + "`lastWrite = thisWrite`, then `try await thisWrite.value`.",
      ],
      expectedFailure: "the older draft landed after the newer one"),
    Exercise(
      number: 5, folder: "05-check-then-act", fileName: "SignUp.swift",
      title: "Check, then act, across an await",
      problem:
        "claim(_:for:) checks that the name is free, awaits the vetting, then saves. Another claim "
        + "can run during that await: both see the name free, and both are told it is theirs.",
      stakes:
        "Two people own one user name; the later save silently takes it from the first.",
      page:
        "Docs/LocalStore.docc/ConcurrencyPitfalls.md, \"Check, then act, is not atomic across an "
        + "await\"",
      hints: [
        "The check and the save must be one call to the repository actor: every await between "
          + "them is a gap, and checking again after the vetting only moves the gap.",
        "Vet first, then `return try await accounts.insert(Account(id: name, owner: owner))`: "
          + "insert saves only when the ID is free and says whether it did.",
      ],
      expectedFailure: "both people were told the name"),
    Exercise(
      number: 6, folder: "06-two-instances", fileName: "AppStores.swift",
      title: "Two stores on one file lose each other's saves",
      problem:
        "Each screen gets its own NoteFile on notes.json. Each writes its whole cache on every save, "
        + "so the editor's save writes over the note the list just saved.",
      stakes:
        "The original pattern's view models each make their own repository: saves disappear with "
        + "no error.",
      page: "Docs/LocalStore.docc/Reliability.md, \"5. Two writers, one store\"",
      hints: [
        "One file, one store: create it once and give every screen the same instance.",
        "Open the NoteFile in AppStores.init, keep it in a `let`, and return it from both "
          + "notesForList() and notesForEditor().",
      ],
      expectedFailure: "the note saved from the list was lost"),
    Exercise(
      number: 7, folder: "07-follow-changes", fileName: "NoteListModel.swift",
      title: "A list that follows the store",
      problem:
        "followChanges() loads the notes once and returns. When another screen or process saves, "
        + "the list keeps showing what it loaded.",
      stakes: "The user sees a stale list and edits notes that have changed underneath.",
      page:
        "Docs/ViewModels.docc/Architecture.md, \"One save, from another process to this screen\"; "
        + "the tutorial's page Docs/LocalStore.docc/Tutorials/DriveTheScreen.tutorial",
      hints: [
        "Loop over repository.changes() and reload on each change, until the task is cancelled.",
        "`let changes = await repository.changes()` first, then load, then "
          + "`for await _ in changes { notes = await repository.loadAll() }`.",
      ],
      expectedFailure: "the list still shows"),
    Exercise(
      number: 8, folder: "08-conditional-save", fileName: "NoteEditor.swift",
      title: "An edit must not undo another writer's",
      problem:
        "saveEdit() saves the edited note whatever the store holds now. If another writer changed "
        + "the note after it was opened, that change is silently undone.",
      stakes: "Lost updates: the last writer wins and nobody is told.",
      page:
        "Docs/ViewModels.docc/Architecture.md, \"An edit never silently undoes another writer\"",
      hints: [
        "Save only if the stored note is still the one the editor opened, checked on the actor.",
        "`guard try await repository.save(edited, ifCurrent: opened) else { return false }`.",
      ],
      expectedFailure: "silently undid another writer's change"),
    Exercise(
      number: 9, folder: "09-renamed-field", fileName: "Note.swift",
      title: "A new stored shape needs a version and a migration",
      problem:
        "Version 2 of the app splits a note's text into a title (its first line) and a body. "
        + "Stores written by version 1 hold \"text\", so they no longer decode, and "
        + "openStore(in:) throws. The file must also say it is version 2, so that version 1 of "
        + "the app refuses it as newer instead of calling it damaged.",
      stakes:
        "Every user who updates the app loses access to their notes (or, with the original "
        + "pattern, loses the notes); one who goes back to version 1 is told the notes are damaged.",
      page: "Docs/LocalStore.docc/MigratingAModel.md",
      hints: [
        "Raise the schema version to 2 and register a StoreMigration from version 1 that splits "
          + "the old text at its first line break. (Only a renamed property, with the same "
          + "stored shape, needs no version: CodingKeys keep the old key.)",
        "Add `struct NoteV1: Decodable, Sendable { var id: UUID; var text: String }`, set "
          + "`configuration.schemaVersion = 2` and `configuration.migrations = [StoreMigration(from: 1) "
          + "{ (old: NoteV1) in ... }]`, where the step splits `old.text` with "
          + "`split(separator: \"\\n\", maxSplits: 1, omittingEmptySubsequences: false)`.",
      ],
      expectedFailure: "no longer opens"),
    Exercise(
      number: 10, folder: "10-tight-loop", fileName: "ImportModel.swift",
      title: "An actor called in a tight loop",
      problem:
        "importLines(_:) awaits one save per line from the main actor: 200 lines are 200 hops, 200 "
        + "durable writes, and 200 chances to stop half way.",
      stakes: "Slow imports, a busy main thread, and a half-imported file when one write fails.",
      page: "Docs/LocalStore.docc/DesignDecisions.md, \"Calling the actor in a tight loop\"",
      hints: [
        "Build all the notes first, then hand them to the repository in one call.",
        "`try await repository.save(contentsOf: notes)`, then add notes.count to imported.",
      ],
      expectedFailure: "save them in one call"),
    Exercise(
      number: 11, folder: "11-non-sendable", fileName: "Composer.swift",
      title: "A mutable class crosses into an actor",
      problem:
        "send() hands the screen's Draft, a class, to the Outbox actor, then clears its body. "
        + "Both sides now share one mutable object; Swift 6 refuses to compile it.",
      stakes: "The outbox would send a message the screen has already emptied, or half changed.",
      page:
        "Docs/LocalStore.docc/ConcurrencyPitfalls.md, \"Send values, not shared objects\"; the "
        + "tutorial's page Docs/LocalStore.docc/Tutorials/CreateThePackage.tutorial, \"Define "
        + "the book\"",
      hints: [
        "Send a value, not a shared object: each side then has its own copy. @unchecked "
          + "Sendable only stops the compiler from looking.",
        "Make Draft a `struct Draft: Sendable` (drop the init), and make Composer's draft a `var`.",
      ],
      expectedFailure: "risks causing data races"),
    Exercise(
      number: 12, folder: "12-own-executor", fileName: "DurableLog.swift",
      title: "Blocking I/O gets an executor of its own",
      problem:
        "DurableLog calls fsync inside the actor, so it blocks a thread of the cooperative pool, "
        + "which has one thread per core. The queue the app gave it for blocking work is unused, "
        + "and calling queue.sync from the actor would only make the pool's thread wait for it.",
      stakes:
        "A few slow syncs stall every task in the process, the main actor's work included.",
      page:
        "Docs/LocalStore.docc/Reliability.md, \"6. Blocking I/O off the cooperative pool, writes "
        + "in order\"",
      hints: [
        "Give the actor a custom SerialExecutor that runs its jobs on `queue`.",
        "A `final class QueueExecutor: SerialExecutor` whose enqueue does "
          + "`let job = UnownedJob(job); queue.async { job.runSynchronously(on: "
          + "self.asUnownedSerialExecutor()) }`; in the actor, "
          + "`nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }`.",
      ],
      expectedFailure: "the cooperative pool's threads were the ones waiting"),
  ]
}
