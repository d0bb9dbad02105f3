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
        "A lock guards state only where someone remembers to take it, and the compiler "
          + "cannot check that it was. Swift has a kind of type whose state the compiler "
          + "guards at every access.",
        "Turn VisitCounter into the kind of type that owns its state and runs one call at "
          + "a time, and let the compiler show you what the lock was for; callers will then "
          + "wait for its answers. Switching the checks off (@unchecked, nonisolated(unsafe)) "
          + "is the forgotten lock again.",
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
        "Only a missing file means an empty store. A file that is there but cannot be "
          + "read or decoded is damage, and so is a file that names one note twice: damage "
          + "must reach the caller, and the file must be left as it is.",
        "Look at each `try?` in init: each one turns a failure into \"nothing there\". Tell "
          + "a missing file apart before reading, let every other failure throw, and add the "
          + "notes one at a time, so that you notice an ID you have already seen instead of "
          + "trapping on it.",
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
        "Memory may show a change only once the disk has taken it: a write that throws "
          + "must leave the store exactly as it was before the call.",
        "Work out the new state without touching the stored property, write that, and "
          + "make it the store's state only after the write has returned.",
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
        "The actor is reentrant: while one save awaits its write, the next save runs. "
          + "Writes land in the order they were asked for only if each one waits for the one "
          + "before it, and a failed write must reach the save that asked for it.",
        "Think of the writes as a chain in which each waits for the one before it. The "
          + "actor can keep what the next save needs to find the end of the chain; no await "
          + "may come between reading it and replacing it, and each save must still learn "
          + "whether its own write failed.",
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
        "Every await between a check and the act it guards is a gap in which another call "
          + "can act; checking again after the await only moves the gap.",
        "Let the actor that owns the accounts do the check and the save as one step. Look "
          + "at what the repository offers besides save: one of its methods answers whether "
          + "it stored the item.",
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
        "A store that keeps a cache of its file must be that file's only writer in the "
          + "process: two of them each write their own picture of it, and the last one wins.",
        "Decide where the store is made so that it is made once, and have every screen "
          + "ask for that one.",
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
        "Loading once is a snapshot. To stay current, the list must hear of every save, "
          + "from this screen, another one or another process, for as long as it is shown.",
        "The repository can tell you when it changes. Listen for as long as the task "
          + "running followChanges() lives, load again on each change, and start listening "
          + "before the first load, so that nothing slips in between.",
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
        "An edit is based on the note as the editor opened it. Saving over whatever is "
          + "stored now undoes any change made since; comparing and saving must be one step "
          + "on the actor.",
        "Look for a save in the repository that is told what the editor expects to "
          + "replace, and tell the screen when it refuses.",
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
        "Stored data outlives the code that wrote it. A new stored shape needs a new "
          + "version number and a way to turn each older file into the new shape; the number "
          + "also lets the older app refuse a newer file instead of calling it damaged. (Only "
          + "a renamed property, with the same stored shape, needs no version: CodingKeys "
          + "keep the old key.)",
        "The store's configuration has a place for the version, and for steps that each "
          + "turn one version's items into the next; a step needs the old shape as something "
          + "it can decode. Try your split on a text with no line break, and on one whose "
          + "second line is blank.",
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
        "Each await into the actor is a hop, and each save a durable write of its own: "
          + "200 lines are 200 writes, and a failure half way keeps half of them. What "
          + "belongs together crosses in one call.",
        "Make all the notes first, on the main actor. The repository can save many items "
          + "in one write, all or none; count them as imported only once it has returned.",
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
        "Two sides may hold one thing only if neither can change it under the other. The "
          + "outbox needs the message as it was when sent, every field of it, in a copy the "
          + "screen cannot reach. @unchecked Sendable only stops the compiler from looking.",
        "Some Swift types are copied each time they are passed or assigned, so an edit on "
          + "screen after sending cannot reach what the outbox holds. Make Draft such a type, "
          + "keep all it carries, and follow what the compiler then asks of the screen.",
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
        "A thread of the cooperative pool must never wait: the pool has about one per "
          + "core, and a blocked one holds up every task. Blocking work belongs on a thread "
          + "made for it, and an actor can choose where its jobs run.",
        "An actor can name the executor that runs its jobs (SE-0392). One built on the "
          + "queue the app gave DurableLog runs the actor's methods, fsync included, on that "
          + "queue's thread instead of the pool's. Calling queue.sync from the actor only "
          + "makes a pool thread wait for the queue.",
      ],
      expectedFailure: "the cooperative pool's threads were the ones waiting"),
  ]
}
