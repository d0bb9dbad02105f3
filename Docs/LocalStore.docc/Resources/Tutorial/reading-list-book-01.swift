// One book on the reading list.

import Foundation

public struct Book {
  public var id: UUID
  public var title: String
}
