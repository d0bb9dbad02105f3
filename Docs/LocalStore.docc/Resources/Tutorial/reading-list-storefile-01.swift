// The JSON file a BookStore writes: the version of its format, then every item.

import Foundation

/// The contents of a `BookStore`'s file. A plain JSON array, which the first `BookStore`
/// wrote, is version 1 of the format.
public struct StoreFile<Item: Decodable>: Decodable {
  /// The version of the format the items are in.
  public var version: Int
  /// Every item.
  public var items: [Item]

  /// The version of the format of `data`.
  public static func version(of data: Data) throws -> Int {
    if isPlainArray(data) { return 1 }
    return try JSONDecoder().decode(Header.self, from: data).version
  }

  /// The items of `data`, in either shape.
  public static func items(in data: Data) throws -> [Item] {
    if isPlainArray(data) { return try JSONDecoder().decode([Item].self, from: data) }
    return try JSONDecoder().decode(StoreFile.self, from: data).items
  }

  /// Only the version, read without the items.
  private struct Header: Decodable {
    var version: Int
  }

  private static func isPlainArray(_ data: Data) -> Bool {
    data.first { !" \n\r\t".utf8.contains($0) } == UInt8(ascii: "[")
  }
}

extension StoreFile: Encodable where Item: Encodable {}
