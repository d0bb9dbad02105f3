// Durable whole-file writes for any file, through the same sequence a store uses for its snapshot.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces whole files so that a crash or a power cut leaves either the old bytes or the new
/// ones, never a mix: the sequence ``LocalRepository`` writes its snapshot with.
///
/// For files a program writes outside a store, such as an export:
///
/// ```swift
/// try DurableFile.write(Array(csv.utf8), to: url, newFilePermissions: .umaskDefault)
/// ```
///
/// The steps: a temporary file `.<name>.tmp-<random>` in the same folder; every byte written;
/// a flush to stable storage (`fsync`, and `F_FULLFSYNC` on Apple platforms, where plain
/// `fsync` stops at the drive's cache); `rename` over the target, which readers see happen
/// all at once; then a flush of the folder, so the rename itself survives a power cut. A file
/// that exists keeps its permissions. A symbolic link at `url` is followed, so the file it
/// points to is replaced and the link stays a link. If a step before the rename fails, the
/// temporary file is removed and the target is as it was.
public enum DurableFile {
  /// The permissions a file gets when it did not exist before.
  public enum NewFilePermissions: Sendable, Equatable {
    /// 0600, whatever the umask: readable and writable by its owner only, as a store's files.
    case ownerOnly
    /// 0666 less the process's umask, as for any new file a program creates.
    case umaskDefault
  }

  /// Replaces the contents of the file at `url` with `bytes`, durably, creating the file if
  /// there is none.
  ///
  /// - Parameters:
  ///   - bytes: The complete new contents.
  ///   - url: The file's URL; a symbolic link there is followed.
  ///   - newFilePermissions: The permissions of the file if it does not exist yet.
  /// - Throws: ``PersistenceError/notARegularFile(_:found:)`` when something else, such as a
  ///   folder, is at `url`; ``PersistenceError/directoryUnavailable(_:reason:)`` when the
  ///   folder does not exist or a part of its path is a file;
  ///   ``PersistenceError/writeFailed(_:reason:)`` when a step before the rename failed, so
  ///   the file is as it was; ``PersistenceError/outcomeUnknown(_:reason:)`` when the new bytes
  ///   are in place but the folder could not be flushed.
  public static func write(
    _ bytes: [UInt8], to url: URL, newFilePermissions: NewFilePermissions = .ownerOnly
  ) throws(PersistenceError) {
    try write(
      bytes, to: url, newFilePermissions: newFilePermissions, fileSystem: SystemFileSystem())
  }

  /// ``write(_:to:newFilePermissions:)`` through `fileSystem`; tests pass a failing double.
  static func write(
    _ bytes: [UInt8], to url: URL, newFilePermissions: NewFilePermissions,
    fileSystem: any FileSystem
  ) throws(PersistenceError) {
    let target = url.resolvingSymlinksInPath()
    let folder = target.deletingLastPathComponent()
    do {
      let kind = try fileSystem.status(ofPath: target.path).kind
      guard kind == .regular else {
        throw PersistenceError.notARegularFile(target, found: kind.noun)
      }
    } catch let error as PersistenceError {
      throw error
    } catch let error as SystemCallError where error.isMissing || error.code == ENOTDIR {
      // No file yet, or no folder: the temporary file's creation below tells which.
    } catch {
      throw .writeFailed(target, reason: reason(for: error))
    }
    var writer = DurableFileWriter(fileSystem: fileSystem)
    writer.newFilePermissions = newFilePermissions == .ownerOnly ? 0o600 : nil
    do {
      _ = try writer.replaceContents(of: target.path, in: folder.path, with: bytes)
    } catch {
      switch error {
      case .notWritten(let cause) where cause.isMissing:
        throw .directoryUnavailable(folder, reason: "it does not exist")
      case .notWritten(let cause) where cause.code == ENOTDIR:
        throw .directoryUnavailable(folder, reason: "a part of the path is a file, not a folder")
      case .notWritten(let cause):
        throw .writeFailed(target, reason: reason(for: cause))
      case .writtenButNotDurable(let cause, _):
        throw .outcomeUnknown(
          target,
          reason: reason(for: cause)
            + "; the new contents are in place but may not survive a power cut")
      case .undoneButNotDurable(let cause):
        throw .outcomeUnknown(
          target,
          reason: reason(for: cause)
            + "; the old contents are back, but may not survive a power cut")
      }
    }
  }

  /// The system's sentence for a failed call, such as "No space left on device": the URL in
  /// the error already says which file.
  private static func reason(for error: any Error) -> String {
    guard let error = error as? SystemCallError else { return String(describing: error) }
    return String(cString: strerror(error.code))
  }
}
