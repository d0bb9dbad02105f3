// An example SwiftData model with a unique id, and the Sendable snapshot that crosses actors instead.

#if canImport(SwiftData)
  import Foundation
  import SwiftData

  /// One stored item, as SwiftData keeps it (iOS 17, macOS 14).
  ///
  /// The attributes with a default value (`notes`, `tags`) are the ones a lightweight
  /// migration can add to existing rows; see `PersistenceController.swift`.
  ///
  /// iOS 18 / macOS 15: declare the constraint and an index on the type instead,
  /// ```swift
  /// #Unique<ExampleItem>([\.id])
  /// #Index<ExampleItem>([\.createdAt], [\.title])
  /// ```
  /// and drop `@Attribute(.unique)`. Those macros cannot sit behind `if #available`: raising
  /// them means raising the deployment target, and a new schema version.
  ///
  /// CloudKit sync (`ModelConfiguration(cloudKitDatabase: .automatic)`) forbids unique
  /// constraints and needs every attribute optional or defaulted: remove `.unique` (then
  /// de-duplicate by `id` yourself after a sync), give `id`, `title` and `createdAt` defaults,
  /// and make relationships optional. Until then `PersistenceController` passes
  /// `cloudKitDatabase: .none`.
  ///
  /// `nonisolated`, here and on the extension below: a new Xcode 26 app target makes the main
  /// actor its default isolation, which would make the model, its snapshot and their members
  /// main-actor, and the `@ModelActor` repository could not use them.
  @Model
  nonisolated final class ExampleItem {
    /// The stable identity; a second insert with the same id updates the row (an upsert).
    ///
    /// The hash modifier makes this schema version's checksum differ from version 2's, whose
    /// id was not unique; `ExampleSchemaV3` in `PersistenceController.swift` says why.
    @Attribute(.unique, hashModifier: "unique-id") var id: UUID
    /// The one line shown in lists.
    var title: String
    /// Free text; added in schema version 2.
    var notes: String = ""
    /// Labels to filter by; added in schema version 2.
    var tags: [String] = []
    /// When it was created.
    var createdAt: Date

    /// A new item; insert it into a context to store it.
    init(
      id: UUID = UUID(), title: String, notes: String = "", tags: [String] = [],
      createdAt: Date = .now
    ) {
      self.id = id
      self.title = title
      self.notes = notes
      self.tags = tags
      self.createdAt = createdAt
    }
  }

  nonisolated extension ExampleItem {
    /// The values of an ``ExampleItem`` at one moment: safe to send to another actor, to keep
    /// in a view model and to compare.
    struct Snapshot: Codable, Hashable, Identifiable, Sendable {
      /// The stable identity.
      var id: UUID
      /// The one line shown in lists.
      var title: String
      /// Free text.
      var notes: String
      /// Labels to filter by.
      var tags: [String]
      /// When it was created.
      var createdAt: Date

      /// A snapshot; a new id and the current time unless given.
      init(
        id: UUID = UUID(), title: String, notes: String = "", tags: [String] = [],
        createdAt: Date = .now
      ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.tags = tags
        self.createdAt = createdAt
      }
    }

    /// A new, not yet inserted model with the snapshot's values.
    convenience init(_ snapshot: Snapshot) {
      self.init(
        id: snapshot.id, title: snapshot.title, notes: snapshot.notes, tags: snapshot.tags,
        createdAt: snapshot.createdAt)
    }

    /// The model's values now; read it on the actor that owns the model's context.
    var snapshot: Snapshot {
      Snapshot(id: id, title: title, notes: notes, tags: tags, createdAt: createdAt)
    }

    /// Copies the snapshot's values onto the model, except its id.
    func update(from snapshot: Snapshot) {
      title = snapshot.title
      notes = snapshot.notes
      tags = snapshot.tags
      createdAt = snapshot.createdAt
    }
  }
#endif
