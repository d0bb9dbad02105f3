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

/// What `questions sync` remembers after its first success: `sync.credentials` in the data
/// folder, JSON, mode 0600.
///
/// The password is kept so that a later `questions sync` needs nothing; the file is created
/// readable by its owner only (``/LocalStore/DurableFile``, ``/LocalStore/DurableFile/NewFilePermissions/ownerOnly``), and
/// one that its group or others may read is refused, naming it, before a byte of it is read.
nonisolated struct SyncCredentials: Codable, Equatable, Sendable {
  /// The file's name in the data folder.
  static let filename = "sync.credentials"

  /// The server's API root, such as `http://127.0.0.1:8888/v1`.
  var server: URL
  /// The account's user name.
  var user: String
  /// The account's password.
  var password: String

  /// The credentials file in `directory`, or `nil` when there is none.
  ///
  /// - Throws: ``AppError/credentialsRefused(_:reason:)`` when it may be read by others than
  ///   its owner, is not a regular file, or cannot be read or decoded.
  static func load(from directory: URL) throws(AppError) -> SyncCredentials? {
    let url = directory.appendingPathComponent(filename)
    var status = stat()
    guard lstat(url.path, &status) == 0 else {
      if errno == ENOENT { return nil }
      throw .credentialsRefused(url.path, reason: String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .credentialsRefused(url.path, reason: "it is not a regular file")
    }
    let mode = status.st_mode & 0o777
    guard mode & 0o077 == 0 else {
      throw .credentialsRefused(
        url.path,
        reason: "its group or others may read it (mode \(String(mode, radix: 8))); run"
          + " 'chmod 600 \(url.path)' if that is not so, or remove it")
    }
    do {
      let data = try Data(contentsOf: url)
      guard data.count <= 64 << 10 else {
        throw AppError.credentialsRefused(url.path, reason: "it is larger than 64 KiB")
      }
      return try JSONDecoder().decode(SyncCredentials.self, from: data)
    } catch let error as AppError {
      throw error
    } catch is DecodingError {
      throw .credentialsRefused(
        url.path,
        reason: "it is not a server, user and password in JSON; remove it and sync"
          + " with --server and --user again")
    } catch {
      throw .credentialsRefused(url.path, reason: error.localizedDescription)
    }
  }

  /// Writes the file in `directory`, durably, created with mode 0600.
  ///
  /// - Throws: ``AppError/persistence(_:)`` when it cannot be written.
  func save(in directory: URL) throws(AppError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    do {
      let bytes = try encoder.encode(self)
      try DurableFile.write(
        Array(bytes) + [UInt8(ascii: "\n")],
        to: directory.appendingPathComponent(Self.filename), newFilePermissions: .ownerOnly)
    } catch let error as PersistenceError {
      throw .persistence(error)
    } catch {
      throw .storeFailed(String(describing: error))
    }
  }
}

extension SyncCredentials: CustomStringConvertible {
  /// The server and user, never the password.
  var description: String { "\(user) at \(server.absoluteString)" }
}
