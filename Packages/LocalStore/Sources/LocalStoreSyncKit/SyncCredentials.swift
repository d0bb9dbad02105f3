// The server, user and password a data folder syncs with, kept in a file only its owner reads.

import Foundation
import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a tool's `sync` remembers after its first success: `sync.credentials` in the data
/// folder, JSON, mode 0600.
///
/// The password is kept so that a later `sync` needs nothing; the file is created
/// readable by its owner only (``/LocalStore/DurableFile``, ``/LocalStore/DurableFile/NewFilePermissions/ownerOnly``), and
/// one that its group or others may read is refused, naming it, before a byte of it is read.
public struct SyncCredentials: Codable, Equatable, Sendable {
  /// The file's name in the data folder.
  public static let filename = "sync.credentials"

  /// The server's API root, such as `http://127.0.0.1:8888/v1`.
  public var server: URL
  /// The account's user name.
  public var user: String
  /// The account's password.
  public var password: String

  /// The credentials of `user` at `server`.
  public init(server: URL, user: String, password: String) {
    self.server = server
    self.user = user
    self.password = password
  }

  /// The credentials file in `directory`, or `nil` when there is none.
  ///
  /// - Throws: ``SyncCommandError/credentialsRefused(path:reason:)`` when it may be read by
  ///   others than its owner, is not a regular file, or cannot be read or decoded.
  public static func load(from directory: URL) throws(SyncCommandError) -> SyncCredentials? {
    let url = directory.appendingPathComponent(filename)
    var status = stat()
    guard lstat(url.path, &status) == 0 else {
      if errno == ENOENT { return nil }
      throw .credentialsRefused(path: url.path, reason: String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .credentialsRefused(path: url.path, reason: "it is not a regular file")
    }
    let mode = status.st_mode & 0o777
    guard mode & 0o077 == 0 else {
      throw .credentialsRefused(
        path: url.path,
        reason: "its group or others may read it (mode \(String(mode, radix: 8))); run"
          + " 'chmod 600 \(url.path)' if that is not so, or remove it")
    }
    do {
      let data = try Data(contentsOf: url)
      guard data.count <= 64 << 10 else {
        throw SyncCommandError.credentialsRefused(
          path: url.path, reason: "it is larger than 64 KiB")
      }
      return try JSONDecoder().decode(SyncCredentials.self, from: data)
    } catch let error as SyncCommandError {
      throw error
    } catch is DecodingError {
      throw .credentialsRefused(
        path: url.path,
        reason: "it is not a server, user and password in JSON; remove it and sync"
          + " with --server and --user again")
    } catch {
      throw .credentialsRefused(path: url.path, reason: error.localizedDescription)
    }
  }

  /// Writes the file in `directory`, durably, created with mode 0600.
  ///
  /// - Throws: The ``/LocalStore/PersistenceError`` of the write when it cannot be written.
  public func save(in directory: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    try DurableFile.write(
      Array(try encoder.encode(self)) + [UInt8(ascii: "\n")],
      to: directory.appendingPathComponent(Self.filename), newFilePermissions: .ownerOnly)
  }
}

extension SyncCredentials: CustomStringConvertible {
  /// The server and user, never the password.
  public var description: String { "\(user) at \(server.absoluteString)" }
}
