import Foundation
import Testing

@testable import places_cli

struct FileDescriptorLineInputTests {
  @Test func linesEndAtLineFeedsWithoutCarriageReturnsAndTheLastNeedsNone() throws {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data("select 42\r\n\nlist".utf8))
    try pipe.fileHandleForWriting.close()
    let input = FileDescriptorLineInput(
      fileDescriptor: pipe.fileHandleForReading.fileDescriptor)

    var events: [SessionInputEvent] = []
    for _ in 0..<4 {
      events.append(input.nextLine(waitingAtMost: .seconds(30)))
    }

    #expect(events == [.line("select 42"), .line(""), .line("list"), .ended])
  }

  @Test func aWaitWithNoWholeLineTimesOutAndTheLineComesLater() throws {
    let pipe = Pipe()
    let input = FileDescriptorLineInput(
      fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
    pipe.fileHandleForWriting.write(Data("sel".utf8))

    let first = input.nextLine(waitingAtMost: .zero)
    pipe.fileHandleForWriting.write(Data("ect 42\n".utf8))
    let second = input.nextLine(waitingAtMost: .seconds(30))

    #expect(first == .timedOut)
    #expect(second == .line("select 42"))
  }

  @Test func manyLinesInOneReadComeOneByOneInOrder() throws {
    let pipe = Pipe()
    let input = FileDescriptorLineInput(
      fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
    let lines = (0..<5_000).map { "select \($0)" }
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()

    var read: [String] = []
    while case .line(let line) = input.nextLine(waitingAtMost: .seconds(30)) {
      read.append(line)
    }

    #expect(read == lines)
  }
}
