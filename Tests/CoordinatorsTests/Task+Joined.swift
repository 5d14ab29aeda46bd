extension Task where Failure == Never {
  /// The task's result, cancelling the task if the waiting one is cancelled (as a test is
  /// when it exceeds its time limit), so a task that never ends cannot hang the test run.
  func joined() async -> Success {
    await withTaskCancellationHandler {
      await value
    } onCancel: {
      cancel()
    }
  }
}
