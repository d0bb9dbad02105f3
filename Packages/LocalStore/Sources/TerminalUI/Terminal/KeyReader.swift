// Reads key presses from a file descriptor on a thread of its own and publishes them.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a terminal (or any file descriptor) on a dedicated thread and publishes ``Key``s.
///
/// The thread blocks on the input and on a wake-up pipe (in `poll`, or in `select` on Apple
/// platforms, whose `poll` cannot wait on a terminal), so it uses no CPU while nothing is
/// typed. When a read ends in the middle of a key (a lone Escape, half a UTF-8
/// character), it waits at most the `escapeTimeout` given to ``init(fileDescriptor:escapeTimeout:)`` for the rest, then lets
/// ``KeyDecoder/finishPending()`` decide. ``keys`` finishes at end of file, on a read error,
/// or after ``stop()``. The reader never closes the descriptor it reads.
///
/// ```swift
/// let reader = try KeyReader()
/// for await key in reader.keys { ... }  // on the main actor
/// reader.stop()
/// ```
public final class KeyReader: Sendable {
  /// The keys read, in order.
  public let keys: AsyncStream<Key>
  private let loop: KeyReaderLoop

  /// Starts reading `fileDescriptor` at once.
  ///
  /// - Throws: ``TerminalError/systemCallFailed(operation:reason:)`` when the wake-up pipe cannot
  ///   be made.
  public convenience init(
    fileDescriptor: Int32 = 0, escapeTimeout: Duration = .milliseconds(25)
  ) throws(TerminalError) {
    try self.init(
      fileDescriptor: fileDescriptor, escapeTimeout: escapeTimeout, wait: .platformDefault)
  }

  /// Starts reading `fileDescriptor` at once, waiting for input with `wait`.
  init(
    fileDescriptor: Int32, escapeTimeout: Duration = .milliseconds(25), wait: InputWait
  ) throws(TerminalError) {
    var wakeDescriptors: [Int32] = [0, 0]
    guard pipe(&wakeDescriptors) == 0 else {
      throw .systemCallFailed("pipe", errno: errno)
    }
    for descriptor in wakeDescriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(wakeDescriptors[1], F_SETFL, O_NONBLOCK)
    let (keys, continuation) = AsyncStream.makeStream(of: Key.self)
    self.keys = keys
    let milliseconds =
      escapeTimeout.components.seconds * 1000
      + escapeTimeout.components.attoseconds / 1_000_000_000_000_000
    loop = KeyReaderLoop(
      input: fileDescriptor, wakeRead: wakeDescriptors[0], wakeWrite: wakeDescriptors[1],
      escapeMilliseconds: Int32(clamping: max(milliseconds, 1)), wait: wait,
      continuation: continuation)
    continuation.onTermination = { [loop] _ in loop.wake() }
    let thread = Thread { [loop] in loop.run() }
    thread.name = "TerminalUI.keys"
    thread.start()
  }

  /// Ends the stream and the thread, and waits until the thread has returned.
  ///
  /// Safe to call more than once, and after the stream finished on its own.
  public func stop() {
    loop.stop()
  }

  deinit {
    loop.stop()
  }
}

/// The state of one reading thread: the descriptors it waits on and how it reports.
private final class KeyReaderLoop: @unchecked Sendable {
  // Safe to send: the descriptors are constants; `stopped` and `hasReturned` are only
  // touched with `condition` locked.
  private let input: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let escapeMilliseconds: Int32
  private let wait: InputWait
  private let continuation: AsyncStream<Key>.Continuation
  /// Guards `stopped` and `hasReturned`, and signals the thread's return. (Not
  /// `NSConditionLock`: its `lock(whenCondition:)` traps in swift-corelibs-foundation.)
  private let condition = NSCondition()
  private var stopped = false
  private var hasReturned = false

  init(
    input: Int32, wakeRead: Int32, wakeWrite: Int32, escapeMilliseconds: Int32,
    wait: InputWait, continuation: AsyncStream<Key>.Continuation
  ) {
    self.input = input
    self.wakeRead = wakeRead
    self.wakeWrite = wakeWrite
    self.escapeMilliseconds = escapeMilliseconds
    self.wait = wait
    self.continuation = continuation
  }

  /// The thread's body: wait, read, decode, publish, until end of file, an error or a wake-up.
  func run() {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    reading: while true {
      let timeout = decoder.hasPending ? escapeMilliseconds : -1
      switch wait.wait(input: input, wakeUp: wakeRead, milliseconds: timeout) {
      case .failed, .wakeUp: break reading
      case .interrupted: continue
      case .timedOut:
        publish(decoder.finishPending())
        continue
      case .input: break
      }
      let count = read(input, &buffer, buffer.count)
      switch count {
      case 1...:
        publish(decoder.decode(buffer[0..<count]))
      case 0:
        break reading
      default:
        if errno == EINTR || errno == EAGAIN { continue }
        break reading
      }
    }
    publish(decoder.finishPending())
    continuation.finish()
    condition.withLock {
      hasReturned = true
      condition.broadcast()
    }
  }

  /// Makes the thread return soon, without waiting for it.
  func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Makes the thread return, waits for it, then closes the wake-up pipe. Runs once.
  func stop() {
    let alreadyStopped = condition.withLock {
      defer { stopped = true }
      return stopped
    }
    guard !alreadyStopped else { return }
    wake()
    condition.withLock {
      while !hasReturned { condition.wait() }
    }
    close(wakeRead)
    close(wakeWrite)
  }

  private func publish(_ keys: [Key]) {
    for key in keys { continuation.yield(key) }
  }
}
