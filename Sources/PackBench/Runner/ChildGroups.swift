import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process groups of the running children (each child leads its own
/// group), so that an interrupted runner takes them all down with it, and
/// whether the runner is being interrupted.
///
/// Records are written under ``withRecordsLock(_:)``: once ``interrupt(by:)``
/// has run, no record is written any more (a run cut short by the
/// interruption is not a result), and none is half written.
public final class ChildGroups: @unchecked Sendable {
  public static let shared = ChildGroups()

  private let lock = NSLock()
  private let recordsLock = NSLock()
  private var groups: Set<Int32> = []
  private var interruption: Int32? = nil

  public init() {}

  /// Notes a child's group; when the runner is already being interrupted,
  /// kills it at once and returns `false`.
  @discardableResult
  public func register(_ group: Int32) -> Bool {
    let interrupted = lock.withLock { () -> Bool in
      if interruption != nil { return true }
      groups.insert(group)
      return false
    }
    if interrupted { killGroup(group) }
    return !interrupted
  }

  public func unregister(_ group: Int32) { _ = lock.withLock { groups.remove(group) } }

  /// The signal that interrupted the runner, if one did.
  public var interruptingSignal: Int32? { lock.withLock { interruption } }

  /// Stops further records, then kills every child's whole group.
  public func interrupt(by received: Int32) {
    recordsLock.withLock { lock.withLock { if interruption == nil { interruption = received } } }
    for group in lock.withLock({ groups }) { killGroup(group) }
  }

  /// Runs `write` unless the runner is being interrupted; `false` when it did not.
  public func withRecordsLock(_ write: () throws -> Void) rethrows -> Bool {
    try recordsLock.withLock {
      guard interruptingSignal == nil else { return false }
      try write()
      return true
    }
  }

  /// On SIGINT and SIGTERM: ``interrupt(by:)``, then `finish` (which may
  /// close files), then exit with 128 + the signal (130, 143), as a shell
  /// expects of a program stopped by it.
  public func exitOnInterruption(finish: @escaping @Sendable () -> Void = {}) {
    for received in [SIGINT, SIGTERM] {
      signal(received, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: received, queue: .global())
      source.setEventHandler { [self] in
        interrupt(by: received)
        finish()
        exit(128 + received)
      }
      source.resume()
      sources.append(source)
    }
  }

  private var sources: [any DispatchSourceSignal] = []
}

/// Sends SIGKILL to a process group and to its leader (the leader may not
/// have made its group yet).
func killGroup(_ leader: Int32) {
  guard leader > 0 else { return }
  kill(-leader, SIGKILL)
  kill(leader, SIGKILL)
}
