// The benchmark's own temporary folder, and the file system it lives on.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder the benchmark writes its stores in and removes at the end.
struct ScratchFolder: Sendable {
  let url: URL

  /// Creates `scratch-<pid>` inside `base`, creating `base` too if needed, and removes the
  /// scratch folders of runs whose process is gone (killed before they could clean up).
  init(in base: URL) throws {
    url = base.appendingPathComponent(
      "scratch-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    Self.removeAbandoned(in: base)
  }

  private static func removeAbandoned(in base: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
    for name in names where name.hasPrefix("scratch-") {
      guard let pid = Int32(name.dropFirst("scratch-".count)), pid > 0,
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
    }
  }

  /// A new, empty folder `name` inside the scratch folder.
  func folder(_ name: String) throws -> URL {
    let folder = url.appendingPathComponent(name, isDirectory: true)
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Removes `folder` and everything in it.
  func discard(_ folder: URL) {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Removes the scratch folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// The file system type and device of the mount holding the folder, such as
  /// `ext4 on /dev/vda`, from `/proc/self/mounts`; `unknown` where there is none.
  var fileSystem: String {
    guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else {
      return "unknown"
    }
    let path = url.resolvingSymlinksInPath().path
    var best: (mountPoint: String, description: String)?
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      let mountPoint = String(fields[1])
      let inside = mountPoint == "/" || path == mountPoint || path.hasPrefix(mountPoint + "/")
      if inside, mountPoint.count >= (best?.mountPoint.count ?? 0) {
        best = (mountPoint, "\(fields[2]) on \(fields[0]), mounted at \(mountPoint)")
      }
    }
    return best?.description ?? "unknown"
  }
}

extension ScratchFolder {
  /// The total size of the files directly inside `folder`, in bytes.
  func bytes(in folder: URL) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.reduce(0) { total, name in
      let path = folder.appendingPathComponent(name).path
      let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
      return total + (size ?? 0)
    }
  }

  /// Writes every file system's dirty pages to disk (`sync`), so that a timed section does
  /// not pay for what the untimed set-up left in the page cache.
  func settle() {
    sync()
  }
}
