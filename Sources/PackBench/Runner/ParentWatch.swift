import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The environment variable in which a runner tells its child its own
/// process id, so that the child can tell when it has been orphaned.
public let parentProcessVariable = "PACKBENCH_PARENT_PID"

/// Ties a child process's life to its runner's: a child left running after
/// its runner died would hold a core for up to its whole time limit and
/// skew every timing after it.
///
/// On Linux the kernel sends `deathSignal` when the parent dies
/// (PR_SET_PDEATHSIG); everywhere, a thread checks every 50 ms whether the
/// process has been re-parented and then calls `orphaned`. A parent that
/// died before this call is caught at once, by the process id the runner
/// left in ``parentProcessVariable``.
public func tieLifeToParent(deathSignal: Int32, orphaned: @escaping @Sendable () -> Void) {
  let expected = ProcessInfo.processInfo.environment[parentProcessVariable].flatMap { Int32($0) }
  setParentDeathSignal(deathSignal)
  let parent = getppid()
  if let expected, parent != expected { orphaned() }
  let thread = Thread {
    while true {
      usleep(50_000)
      if getppid() != parent { orphaned() }
    }
  }
  thread.stackSize = 1 << 18
  thread.start()
}

/// PR_SET_PDEATHSIG (Linux): `prctl` is variadic in C, so Swift cannot call
/// it directly; it is found with dlsym and called with its four unsigned
/// long arguments, as glibc reads them.
func setParentDeathSignal(_ signal: Int32) {
  #if os(Linux)
    typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "prctl") else { return }
    let prctl = unsafeBitCast(symbol, to: Prctl.self)
    let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
    _ = prctl(setParentDeathSignal, UInt(signal), 0, 0, 0)
  #endif
}
