// A preloaded C shim that makes fsync and fdatasync fail with EIO for files under one folder.

import Foundation

/// A small shared library, built at test time with the system's C compiler, that a child
/// process preloads (`LD_PRELOAD`) so that its `fsync` and `fdatasync` fail with `EIO` for
/// every file (and folder) under the folder named by `FAIL_FSYNC_UNDER`, as on a failing
/// disk; other files sync as usual. It finds a descriptor's path through `/proc/self/fd`.
/// With `FAIL_FSYNC_EVERY=N` instead, every N-th call fails, whatever the file.
public enum FsyncFailureShim {
  static let source = #"""
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <errno.h>
    #include <stdatomic.h>
    #include <limits.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <unistd.h>

    static atomic_int calls;

    static int fails(int fd);

    static int is_under_folder(int fd) {
      const char *folder = getenv("FAIL_FSYNC_UNDER");
      if (folder == NULL || *folder == 0) return 0;
      char link[64], target[PATH_MAX];
      snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
      ssize_t count = readlink(link, target, sizeof target - 1);
      if (count < 0) return 0;
      target[count] = 0;
      size_t length = strlen(folder);
      return strncmp(target, folder, length) == 0
        && (target[length] == '/' || target[length] == 0);
    }

    static int fails(int fd) {
      const char *every = getenv("FAIL_FSYNC_EVERY");
      int n = every ? atoi(every) : 0;
      if (n > 0) return (atomic_fetch_add(&calls, 1) + 1) % n == 0;
      return is_under_folder(fd);
    }

    int fsync(int fd) {
      if (fails(fd)) { errno = EIO; return -1; }
      int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
      return real(fd);
    }

    int fdatasync(int fd) {
      if (fails(fd)) { errno = EIO; return -1; }
      int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
      return real(fd);
    }
    """#

  /// The system's C compiler, `cc` on the `PATH`, if there is one.
  public static var compiler: URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return (path.split(separator: ":") + ["/usr/bin"])
      .map { URL(fileURLWithPath: String($0)).appendingPathComponent("cc") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Whether the shim can be built here.
  public static var canBuild: Bool { compiler != nil }

  /// Builds the shim into `folder` and returns the library's location.
  public static func build(in folder: URL) async throws -> URL {
    guard let compiler else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "cc"])
    }
    let sourceFile = folder.appendingPathComponent("fail-fsync-under.c")
    try Data(source.utf8).write(to: sourceFile)
    let library = folder.appendingPathComponent("fail-fsync-under.so")
    let built = try await ChildProcess.run(
      compiler, ["-shared", "-fPIC", "-O1", "-o", library.path, sourceFile.path, "-ldl"])
    guard built.status == 0 else {
      throw CocoaError(
        .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cc: \(built.standardError)"])
    }
    return library
  }

  /// The variables that make a child preload `library` and fail every `count`-th sync.
  public static func environment(_ library: URL, failingEvery count: Int) -> [String: String?] {
    ["LD_PRELOAD": library.path, "FAIL_FSYNC_EVERY": String(count)]
  }

  /// The variables that make a child preload `library` and fail every sync under `folder`,
  /// which must exist (its path is resolved, as the kernel reports it).
  public static func environment(_ library: URL, failingUnder folder: URL) -> [String: String?] {
    ["LD_PRELOAD": library.path, "FAIL_FSYNC_UNDER": folder.resolvingSymlinksInPath().path]
  }
}
