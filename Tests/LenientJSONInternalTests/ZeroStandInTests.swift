// In-module checks of the stand-ins made while every problem of a document is collected
// (ErrorCollection/ZeroStandIn.swift): which types get one, told without reading their metadata.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Zero stand-ins")
struct ZeroStandInTests {
    struct Empty: Equatable {}
    enum Status: String { case active, inactive }
    enum Plain { case first, second, third }
    enum Flag { case on(Bool), off }
    enum One { case only }
    enum Never1 {}
    struct Wide { var a = 1 }
    struct Byte { var b: Bool }
    struct Box<T> {}
    final class Reference {}

    @Test("a structure of size zero gets one")
    func emptyStructure() {
        #expect(ZeroStandIn.value(of: Empty.self) == Empty())
        struct Local {}
        #expect(ZeroStandIn.value(of: Local.self) != nil)
    }

    @Test("a one-byte enumeration gets its first case")
    func oneByteEnumerations() {
        #expect(ZeroStandIn.value(of: Status.self) == .active)
        #expect(ZeroStandIn.value(of: Plain.self) == .first)
        let flag = ZeroStandIn.value(of: Flag.self)
        if case .on(false)? = flag {} else { Issue.record("expected on(false), got \(String(describing: flag))") }
    }

    @Test("an enumeration of size zero, Optional, a one-byte structure, wider types and classes get none")
    func others() {
        #expect(ZeroStandIn.value(of: Never1.self) == nil)
        #expect(ZeroStandIn.value(of: One.self) == nil)
        #expect(ZeroStandIn.value(of: Never.self) == nil)
        #expect(ZeroStandIn.value(of: Void.self) == nil)
        #expect(ZeroStandIn.value(of: Optional<Empty>.self) == nil)
        #expect(ZeroStandIn.value(of: Optional<Bool>.self) == nil)
        #expect(ZeroStandIn.value(of: Byte.self) == nil)
        #expect(ZeroStandIn.value(of: Bool.self) == nil)
        #expect(ZeroStandIn.value(of: Wide.self) == nil)
        #expect(ZeroStandIn.value(of: Reference.self) == nil)
        #expect(ZeroStandIn.value(of: Int.self) == nil)
    }

    @Test("a structure is told by its mangled name, generic ones not")
    func structureNames() {
        #expect(ZeroStandIn.isStructure(Empty.self))
        #expect(ZeroStandIn.isStructure(Wide.self))
        #expect(!ZeroStandIn.isStructure(Never1.self))
        #expect(!ZeroStandIn.isStructure(One.self))
        #expect(!ZeroStandIn.isStructure(Reference.self))
        #expect(!ZeroStandIn.isStructure(Void.self))
        #expect(!ZeroStandIn.isStructure(Box<Int>.self))
        #expect(!ZeroStandIn.isStructure(Optional<Empty>.self))
    }
}
