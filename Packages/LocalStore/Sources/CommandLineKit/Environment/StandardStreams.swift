// Keeps descriptors 0, 1 and 2 taken, so that no file the program opens becomes one of them.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens `/dev/null` on each standard stream the process was started without.
///
/// A program started with `>&-` has no descriptor 1, and `open` returns the lowest free
/// descriptor: the store's journal or lock file would become standard output, and the next
/// line printed would land in it. SQLite guards its databases the same way.
///
/// `/dev/null` is opened read-only, as SQLite does, so the stream stays closed in effect:
/// writing to it still fails with `EBADF`, which ``StandardConsole`` reports (status 1, and a
/// message on standard error if that is open), where a writable placeholder would swallow the
/// output and let the command end with success.
public enum StandardStreams {
  /// Opens `/dev/null` (read-only) on each of descriptors 0, 1 and 2 that is closed.
  public static func openClosedOnes() {
    for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDONLY)
      // `open` returns the lowest free descriptor, this one; move it there if not.
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}
