// One book on the reading list.

import Foundation

public struct Book: Codable, Hashable, Identifiable, Sendable {
  public var id: UUID
  public var title: String
  public var author: String
  public var addedAt: Date
  public var finishedAt: Date?
}
