// In-module checks of what black-box tests cannot see. Keyed containers are reused only where
// `KeyedDecodingContainer`'s layout is what the reuse assumes (FastPaths/KeyedContainerReuse.swift);
// on a toolchain where it is not, the check says no, every decode makes a container per object
// (~15 % slower on the corpora) and no result changes. This suite makes that visible: it fails,
// saying what changed, when reuse is off.

@testable import LenientJSON
import Testing

@Suite("Keyed container reuse is on for this toolchain")
struct ContainerReuseLayoutTests {
    @Test("KeyedDecodingContainer is one reference to its box, so containers are reused")
    func reuseIsOn() {
        let size = MemoryLayout<KeyedDecodingContainer<NameKey>>.size
        let alignment = MemoryLayout<KeyedDecodingContainer<NameKey>>.alignment
        #expect(
            size == MemoryLayout<AnyObject>.size && alignment == MemoryLayout<AnyObject>.alignment,
            """
            KeyedDecodingContainer is \(size) bytes aligned to \(alignment), not one reference \
            (\(MemoryLayout<AnyObject>.size) bytes): the standard library changed its layout, and \
            keyed containers are no longer reused (see FastPaths/KeyedContainerReuse.swift)
            """)
        #expect(
            ContainerBoxLayout.isKnown,
            """
            ContainerBoxLayout.isKnown is false: two KeyedDecodingContainers made from different \
            values do not hold distinct, aligned heap addresses in their one word, so keyed \
            containers are no longer reused and every decode makes one per object (see \
            FastPaths/KeyedContainerReuse.swift)
            """)
    }
}
