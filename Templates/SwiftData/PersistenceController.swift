// Sets up the ModelContainer: versioned schemas, the migration plan, and an in-memory store for tests.

#if canImport(SwiftData)
  import Foundation
  import SwiftData

  /// Version 1: items with an id (not yet unique), a title and a creation date.
  nonisolated enum ExampleSchemaV1: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
    static var models: [any PersistentModel.Type] { [ExampleItem.self] }

    /// The item as version 1 stored it.
    @Model
    nonisolated final class ExampleItem {
      var id: UUID
      var title: String
      var createdAt: Date

      init(id: UUID, title: String, createdAt: Date) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
      }
    }
  }

  /// Version 2: adds `notes` and `tags`, both with defaults, so existing rows need no code.
  nonisolated enum ExampleSchemaV2: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(2, 0, 0) }
    static var models: [any PersistentModel.Type] { [ExampleItem.self] }

    /// The item as version 2 stored it.
    @Model
    nonisolated final class ExampleItem {
      var id: UUID
      var title: String
      var notes: String = ""
      var tags: [String] = []
      var createdAt: Date

      init(id: UUID, title: String, createdAt: Date) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
      }
    }
  }

  /// Version 3, the current one: the top-level ``ExampleItem``, whose id is unique.
  ///
  /// Staged migration tells the versions apart by their checksums, so V3 must not hash like V2,
  /// although the only change is the unique constraint. Core Data, under SwiftData, says both
  /// things: the documentation of `NSEntityDescription.uniquenessConstraints` says the
  /// constraints form part of the entity's version hash, while that of
  /// `NSEntityDescription.versionHash` lists only the name, the superentity, whether it is
  /// abstract and the properties' hashes. So the id of V3 also carries a `hashModifier`, which
  /// is part of the property's hash by definition ("A unique hash value that represents the
  /// most recent version of the attached property"): the two versions differ either way.
  /// Keep it in later versions while the id stays as it is.
  nonisolated enum ExampleSchemaV3: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(3, 0, 0) }
    static var models: [any PersistentModel.Type] { [ExampleItem.self] }
  }

  /// How a store of any earlier version reaches the current one.
  nonisolated enum ExampleMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
      [ExampleSchemaV1.self, ExampleSchemaV2.self, ExampleSchemaV3.self]
    }

    static var stages: [MigrationStage] { [addNotesAndTags, makeIDsUnique] }

    /// New attributes with defaults: SwiftData migrates the rows by itself.
    static var addNotesAndTags: MigrationStage {
      .lightweight(fromVersion: ExampleSchemaV1.self, toVersion: ExampleSchemaV2.self)
    }

    /// A unique constraint would fail on rows that share an id, so keep the oldest of each
    /// id before the constraint is added.
    static var makeIDsUnique: MigrationStage {
      .custom(
        fromVersion: ExampleSchemaV2.self, toVersion: ExampleSchemaV3.self,
        willMigrate: { context in
          let rows = try context.fetch(
            FetchDescriptor<ExampleSchemaV2.ExampleItem>(
              sortBy: [SortDescriptor(\ExampleSchemaV2.ExampleItem.createdAt)]))
          var seen = Set<UUID>()
          for row in rows where !seen.insert(row.id).inserted {
            context.delete(row)
          }
          try context.save()
        },
        didMigrate: nil)
    }
  }

  /// Builds the containers the app, its tests and its previews use.
  ///
  /// The schemas, the plan and this type are `nonisolated`, so that an Xcode 26 app target,
  /// whose default isolation is the main actor, can still open a container off the main actor.
  nonisolated enum PersistenceController {
    /// The current schema.
    static var schema: Schema { Schema(versionedSchema: ExampleSchemaV3.self) }

    /// The app's store, migrated to the current version when it opens; at `url`, or in the
    /// default location (Application Support) when `url` is nil.
    ///
    /// `cloudKitDatabase: .none`: the default, `.automatic`, syncs with CloudKit as soon as
    /// the app has the iCloud entitlement, and CloudKit forbids the unique id of
    /// ``ExampleItem``, so the container would fail to open. Turn sync on only after the
    /// changes `ExampleModel.swift` lists.
    static func makeContainer(url: URL? = nil) throws -> ModelContainer {
      let configuration =
        if let url {
          ModelConfiguration(schema: schema, url: url, cloudKitDatabase: .none)
        } else {
          ModelConfiguration(schema: schema, cloudKitDatabase: .none)
        }
      return try ModelContainer(
        for: schema, migrationPlan: ExampleMigrationPlan.self, configurations: [configuration])
    }

    /// An empty store that lives in memory only, for tests; each call gives a new one.
    static func makeInMemoryContainer() throws -> ModelContainer {
      try ModelContainer(
        for: schema,
        configurations: [
          ModelConfiguration(schema: schema, isStoredInMemoryOnly: true, cloudKitDatabase: .none)
        ])
    }

    /// An in-memory store holding `snapshots`, for SwiftUI previews.
    @MainActor
    static func makePreviewContainer(
      with snapshots: [ExampleItem.Snapshot] = [
        ExampleItem.Snapshot(title: "First", tags: ["example"]),
        ExampleItem.Snapshot(title: "Second", notes: "With notes"),
      ]
    ) throws -> ModelContainer {
      let container = try makeInMemoryContainer()
      for snapshot in snapshots { container.mainContext.insert(ExampleItem(snapshot)) }
      try container.mainContext.save()
      return container
    }
  }
#endif
