// A seeded "messy corpus": a standard corpus rewritten with lossless lenient rules only
// (CoercionRules and KeyMatching articles), so that `LenientJSONDecoder()` must decode it to exactly the value
// `JSONDecoder` decodes from the original, while `JSONDecoder` itself fails on it.
//
// The rewriter works on the raw text (a small tokenizer builds a tree of byte ranges), so every
// byte that is not rewritten is copied verbatim: number literals keep their exact text and the
// original whitespace is kept. Rewrites, each applied to a random fraction of eligible places
// (and always to at least one, where a corpus has any):
//
//   keySpelling     a model key respelled with the same normalized form (`screen_name` ->
//                   `screenName`, `SCREEN-NAME`, `screen name`); never a key of a `[String: X]`
//                   field, never a key whose normalized form another key of the object shares
//   numberAsString  a number where the model has a number type, as a string of the same text
//   boolSpelling    `true`/`false` where the model has `Bool`: `"yes"`, `1`, `"on"`, `"true"`, ...
//   arrayUnwrap     a one-element array (element an object or a scalar, not an array or null)
//                   where the model has an Array, replaced by its element
//
// The model types per key path come from a small schema per corpus (`CorpusName.messySchema`),
// written from the models in this folder. Shared with the benchmark package: Foundation only.

import Foundation

/// The shape of a corpus model, as far as the messy transform needs it. `Optional` is
/// transparent (a `null` is never rewritten).
indirect enum MessySchema: Sendable {
    /// A model type: its JSON keys (as the `CodingKeys` spell them) and their schemas.
    case object([String: MessySchema])
    /// `[String: Value]`: keys are data, never respelled.
    case dictionary(MessySchema)
    case array(MessySchema)
    /// Any integer or floating-point type.
    case number
    case bool
    case string
    /// Not modelled, or untyped: copied as is.
    case opaque
}

/// One kind of lossless rewrite.
enum MessyRewrite: String, CaseIterable, Sendable, CustomStringConvertible {
    case keySpelling, numberAsString, boolSpelling, arrayUnwrap

    var description: String { rawValue }
}

struct MessyCorpusError: Error, CustomStringConvertible {
    let offset: Int
    let message: String
    var description: String { "invalid JSON at byte \(offset): \(message)" }
}

/// A corpus rewritten by `MessyCorpus.make`.
struct MessyCorpus: Sendable {
    /// The messy JSON text (UTF-8).
    let data: Data
    /// How many places each rewrite changed.
    let rewrites: [MessyRewrite: Int]
    /// How many places each rewrite could have changed.
    let eligible: [MessyRewrite: Int]

    var totalRewrites: Int { rewrites.values.reduce(0, +) }

    /// Rewrites `data` (a JSON document whose model is described by `schema`). The result depends
    /// only on the input, `seed` and `fraction` (the probability that an eligible place is
    /// rewritten; each kind with an eligible place gets at least one rewrite).
    static func make(from data: Data, schema: MessySchema, seed: UInt64, fraction: Double = 0.4) throws -> MessyCorpus {
        let bytes = [UInt8](data)
        var parser = SpanParser(bytes: bytes)
        let root = try parser.parseDocument()

        // Pass 1 counts the eligible places; the set and order of eligible places does not depend
        // on which rewrites are made, so pass 2 can force one chosen place per kind.
        var counting = Rewriter(bytes: bytes, rng: SplitMix64(seed: seed), fraction: 0, forced: [:])
        counting.emit(root, schema)
        var picker = SplitMix64(seed: seed ^ 0x5EED_F0AC_ED00_0001)
        var forced: [MessyRewrite: Int] = [:]
        for kind in MessyRewrite.allCases {
            if let count = counting.eligible[kind], count > 0 {
                forced[kind] = Int(picker.next() % UInt64(count))
            }
        }

        var rewriter = Rewriter(bytes: bytes, rng: SplitMix64(seed: seed), fraction: fraction, forced: forced)
        rewriter.out.reserveCapacity(bytes.count + bytes.count / 8)
        rewriter.emit(root, schema)
        return MessyCorpus(data: Data(rewriter.out), rewrites: rewriter.rewrites, eligible: rewriter.eligible)
    }

    /// The normalized form of a key (KeyMatching article): lowercased, ASCII letters and digits only.
    static func normalizedKey(_ key: String) -> String {
        var result = ""
        for scalar in key.unicodeScalars where scalar.isASCII {
            let value = scalar.value
            if (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) {
                result.unicodeScalars.append(scalar)
            } else if (0x41...0x5A).contains(value) {
                result.unicodeScalars.append(Unicode.Scalar(value + 0x20)!)
            }
        }
        return result
    }

    /// Other spellings of `key` with the same normalized form (camelCase, PascalCase, snake_case,
    /// SCREAMING_SNAKE, kebab-case, UPPER-KEBAB, "space separated", flat lower and upper case).
    static func keyVariants(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in key {
            if character == "_" || character == "-" || character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        let lower = words.map { $0.lowercased() }
        guard !lower.isEmpty else { return [] }
        func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
        let candidates = [
            lower[0] + lower.dropFirst().map(capitalized).joined(),
            lower.map(capitalized).joined(),
            lower.joined(separator: "_"),
            lower.joined(separator: "_").uppercased(),
            lower.joined(separator: "-"),
            lower.joined(separator: "-").uppercased(),
            lower.joined(separator: " "),
            lower.joined(),
            lower.joined().uppercased(),
        ]
        let normalized = normalizedKey(key)
        var seen: Set<String> = [key]
        var variants: [String] = []
        for candidate in candidates where normalizedKey(candidate) == normalized && seen.insert(candidate).inserted {
            variants.append(candidate)
        }
        return variants
    }
}

extension CorpusName {
    /// The corpus rewritten by `MessyCorpus.make(from:schema:seed:fraction:)`.
    func messy(seed: UInt64, fraction: Double = 0.4) throws -> MessyCorpus {
        try MessyCorpus.make(from: data, schema: messySchema, seed: seed, fraction: fraction)
    }

    /// The model types per key path, written from the models in this folder.
    var messySchema: MessySchema {
        switch self {
        case .twitter: MessySchemas.twitter
        case .canada: MessySchemas.canada
        case .citmCatalog: MessySchemas.citmCatalog
        }
    }
}

// MARK: - Schemas

private enum MessySchemas {
    // TwitterModels.swift
    static let twitter: MessySchema = {
        let urlEntity = MessySchema.object([
            "url": .string, "expanded_url": .string, "display_url": .string, "indices": .array(.number),
        ])
        let urlList = MessySchema.object(["urls": .array(urlEntity)])
        let hashtag = MessySchema.object(["text": .string, "indices": .array(.number)])
        let userMention = MessySchema.object([
            "screen_name": .string, "name": .string, "id": .number, "id_str": .string, "indices": .array(.number),
        ])
        let mediaSize = MessySchema.object(["w": .number, "h": .number, "resize": .string])
        let media = MessySchema.object([
            "id": .number, "id_str": .string, "indices": .array(.number),
            "media_url": .string, "media_url_https": .string, "url": .string,
            "display_url": .string, "expanded_url": .string, "type": .string,
            "sizes": .object(["medium": mediaSize, "small": mediaSize, "thumb": mediaSize, "large": mediaSize]),
            "source_status_id": .number, "source_status_id_str": .string,
        ])
        let statusEntities = MessySchema.object([
            "hashtags": .array(hashtag), "symbols": .array(hashtag), "urls": .array(urlEntity),
            "user_mentions": .array(userMention), "media": .array(media),
        ])
        let geoPoint = MessySchema.object(["type": .string, "coordinates": .array(.number)])
        let place = MessySchema.object([
            "id": .string, "url": .string, "place_type": .string, "name": .string,
            "full_name": .string, "country_code": .string, "country": .string,
        ])
        var userFields: [String: MessySchema] = [
            "id": .number, "entities": .object(["url": urlList, "description": urlList]),
            "followers_count": .number, "friends_count": .number, "listed_count": .number,
            "favourites_count": .number, "utc_offset": .number, "statuses_count": .number,
        ]
        for key in [
            "id_str", "name", "screen_name", "location", "description", "url", "created_at", "time_zone", "lang",
            "profile_background_color", "profile_background_image_url", "profile_background_image_url_https",
            "profile_image_url", "profile_image_url_https", "profile_banner_url", "profile_link_color",
            "profile_sidebar_border_color", "profile_sidebar_fill_color", "profile_text_color",
        ] {
            userFields[key] = .string
        }
        for key in [
            "protected", "geo_enabled", "verified", "contributors_enabled", "is_translator",
            "is_translation_enabled", "profile_background_tile", "profile_use_background_image",
            "default_profile", "default_profile_image", "following", "follow_request_sent", "notifications",
        ] {
            userFields[key] = .bool
        }
        let retweetedFields: [String: MessySchema] = [
            "metadata": .object(["result_type": .string, "iso_language_code": .string]),
            "created_at": .string, "id": .number, "id_str": .string, "text": .string, "source": .string,
            "truncated": .bool,
            "in_reply_to_status_id": .number, "in_reply_to_status_id_str": .string,
            "in_reply_to_user_id": .number, "in_reply_to_user_id_str": .string,
            "in_reply_to_screen_name": .string,
            "user": .object(userFields), "geo": geoPoint, "coordinates": geoPoint, "place": place,
            "contributors": .array(.number), "retweet_count": .number, "favorite_count": .number,
            "entities": statusEntities, "favorited": .bool, "retweeted": .bool,
            "possibly_sensitive": .bool, "lang": .string,
        ]
        var statusFields = retweetedFields
        statusFields["retweeted_status"] = .object(retweetedFields)
        return .object([
            "statuses": .array(.object(statusFields)),
            "search_metadata": .object([
                "completed_in": .number, "max_id": .number, "max_id_str": .string, "next_results": .string,
                "query": .string, "refresh_url": .string, "count": .number, "since_id": .number,
                "since_id_str": .string,
            ]),
        ])
    }()

    // CanadaModels.swift
    static let canada: MessySchema = .object([
        "type": .string,
        "features": .array(
            .object([
                "type": .string,
                "properties": .object(["name": .string]),
                "geometry": .object(["type": .string, "coordinates": .array(.array(.array(.number)))]),
            ])),
    ])

    // CitmCatalogModels.swift
    static let citmCatalog: MessySchema = {
        let event = MessySchema.object([
            "description": .string, "id": .number, "logo": .string, "name": .string,
            "subTopicIds": .array(.number), "subjectCode": .string, "subtitle": .string,
            "topicIds": .array(.number),
        ])
        let performance = MessySchema.object([
            "eventId": .number, "id": .number, "logo": .string, "name": .string,
            "prices": .array(
                .object(["amount": .number, "audienceSubCategoryId": .number, "seatCategoryId": .number])),
            "seatCategories": .array(
                .object([
                    "areas": .array(.object(["areaId": .number, "blockIds": .array(.number)])),
                    "seatCategoryId": .number,
                ])),
            "seatMapImage": .string, "start": .number, "venueCode": .string,
        ])
        return .object([
            "areaNames": .dictionary(.string),
            "audienceSubCategoryNames": .dictionary(.string),
            "blockNames": .dictionary(.string),
            "events": .dictionary(event),
            "performances": .array(performance),
            "seatCategoryNames": .dictionary(.string),
            "subTopicNames": .dictionary(.string),
            "subjectNames": .dictionary(.string),
            "topicNames": .dictionary(.string),
            "topicSubTopics": .dictionary(.array(.number)),
            "venueNames": .dictionary(.string),
        ])
    }()
}

// MARK: - Tokenizer

/// A JSON value as byte ranges of the input.
private struct SpanNode {
    enum Kind { case object, array, string, number, `true`, `false`, null }
    var kind: Kind
    /// The whole value, quotes and brackets included.
    var range: Range<Int>
    /// Object member keys, quotes included; parallel to `children`.
    var keys: [Range<Int>] = []
    var children: [SpanNode] = []
}

private struct SpanParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func parseDocument() throws -> SpanNode {
        skipWhitespace()
        let root = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw error("trailing bytes") }
        return root
    }

    private func error(_ message: String) -> MessyCorpusError { MessyCorpusError(offset: index, message: message) }

    private mutating func skipWhitespace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard index < bytes.count, bytes[index] == byte else {
            throw error("expected \"\(Character(Unicode.Scalar(byte)))\"")
        }
        index += 1
    }

    private mutating func parseValue(depth: Int) throws -> SpanNode {
        guard depth < 512 else { throw error("nesting too deep") }
        guard index < bytes.count else { throw error("unexpected end") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var node = SpanNode(kind: .object, range: start..<start)
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    let keyStart = index
                    try parseString()
                    node.keys.append(keyStart..<index)
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"))
                    skipWhitespace()
                    node.children.append(try parseValue(depth: depth + 1))
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "}"))
                    break
                }
            }
            node.range = start..<index
            return node
        case UInt8(ascii: "["):
            index += 1
            var node = SpanNode(kind: .array, range: start..<start)
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    node.children.append(try parseValue(depth: depth + 1))
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "]"))
                    break
                }
            }
            node.range = start..<index
            return node
        case UInt8(ascii: "\""):
            try parseString()
            return SpanNode(kind: .string, range: start..<index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            return SpanNode(kind: .number, range: start..<index)
        case UInt8(ascii: "t"):
            try literal("true")
            return SpanNode(kind: .true, range: start..<index)
        case UInt8(ascii: "f"):
            try literal("false")
            return SpanNode(kind: .false, range: start..<index)
        case UInt8(ascii: "n"):
            try literal("null")
            return SpanNode(kind: .null, range: start..<index)
        default:
            throw error("unexpected byte \(bytes[index])")
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }

    private mutating func literal(_ text: String) throws {
        for byte in text.utf8 { try expect(byte) }
    }

    private mutating func parseString() throws {
        try expect(UInt8(ascii: "\""))
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 2
            default:
                index += 1
            }
        }
        throw error("unterminated string")
    }
}

// MARK: - Rewriter

private struct Rewriter {
    let bytes: [UInt8]
    var rng: SplitMix64
    let fraction: Double
    /// Per kind, the index (in traversal order) of an eligible place that is always rewritten.
    let forced: [MessyRewrite: Int]
    var out: [UInt8] = []
    var rewrites: [MessyRewrite: Int] = [:]
    var eligible: [MessyRewrite: Int] = [:]
    var variantCache: [String: [String]] = [:]

    init(bytes: [UInt8], rng: SplitMix64, fraction: Double, forced: [MessyRewrite: Int]) {
        self.bytes = bytes
        self.rng = rng
        self.fraction = fraction
        self.forced = forced
    }

    static let trueSpellings = ["\"yes\"", "1", "\"on\"", "\"true\"", "\"Y\"", "\"1\"", "\"T\"", "\"TRUE\""]
    static let falseSpellings = ["\"no\"", "0", "\"off\"", "\"false\"", "\"N\"", "\"0\"", "\"F\"", "\"Off\""]

    /// Called once per eligible place, in traversal order: whether to rewrite it.
    private mutating func decide(_ kind: MessyRewrite) -> Bool {
        let index = eligible[kind, default: 0]
        eligible[kind] = index + 1
        let draw = Double(rng.next() >> 11) * 0x1p-53
        let chosen = forced[kind] == index || draw < fraction
        if chosen { rewrites[kind, default: 0] += 1 }
        return chosen
    }

    private mutating func pick(_ count: Int) -> Int { Int(rng.next() % UInt64(count)) }

    private mutating func copy(_ range: Range<Int>) {
        out.append(contentsOf: bytes[range])
    }

    /// The key's text between the quotes, if it has no escapes.
    private func plainKey(_ range: Range<Int>) -> String? {
        let inner = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        if inner.contains(UInt8(ascii: "\\")) { return nil }
        return String(decoding: inner, as: UTF8.self)
    }

    mutating func emit(_ node: SpanNode, _ schema: MessySchema) {
        switch (node.kind, schema) {
        case (_, .opaque):
            copy(node.range)

        case (.object, .object(let fields)):
            // Keys of this object whose normalized form is unique in it: only those are respelled.
            var normalizedCounts: [String: Int] = [:]
            let names = node.keys.map(plainKey)
            for name in names {
                normalizedCounts[MessyCorpus.normalizedKey(name ?? "\u{0}"), default: 0] += 1
            }
            var cursor = node.range.lowerBound
            for (offset, child) in node.children.enumerated() {
                let key = node.keys[offset]
                copy(cursor..<key.lowerBound)
                var childSchema = MessySchema.opaque
                if let name = names[offset], let fieldSchema = fields[name] {
                    childSchema = fieldSchema
                    let variants = variants(of: name)
                    if normalizedCounts[MessyCorpus.normalizedKey(name)] == 1, !variants.isEmpty,
                        decide(.keySpelling)
                    {
                        out.append(UInt8(ascii: "\""))
                        out.append(contentsOf: variants[pick(variants.count)].utf8)
                        out.append(UInt8(ascii: "\""))
                    } else {
                        copy(key)
                    }
                } else {
                    copy(key)
                }
                copy(key.upperBound..<child.range.lowerBound)
                emit(child, childSchema)
                cursor = child.range.upperBound
            }
            copy(cursor..<node.range.upperBound)

        case (.object, .dictionary(let valueSchema)):
            var cursor = node.range.lowerBound
            for child in node.children {
                copy(cursor..<child.range.lowerBound)
                emit(child, valueSchema)
                cursor = child.range.upperBound
            }
            copy(cursor..<node.range.upperBound)

        case (.array, .array(let elementSchema)):
            if node.children.count == 1, node.children[0].kind != .array, node.children[0].kind != .null,
                decide(.arrayUnwrap)
            {
                emit(node.children[0], elementSchema)
                return
            }
            var cursor = node.range.lowerBound
            for child in node.children {
                copy(cursor..<child.range.lowerBound)
                emit(child, elementSchema)
                cursor = child.range.upperBound
            }
            copy(cursor..<node.range.upperBound)

        case (.number, .number):
            if decide(.numberAsString) {
                out.append(UInt8(ascii: "\""))
                copy(node.range)
                out.append(UInt8(ascii: "\""))
            } else {
                copy(node.range)
            }

        case (.true, .bool), (.false, .bool):
            if decide(.boolSpelling) {
                let spellings = node.kind == .true ? Self.trueSpellings : Self.falseSpellings
                out.append(contentsOf: spellings[pick(spellings.count)].utf8)
            } else {
                copy(node.range)
            }

        default:
            // null, or a value that does not have the schema's shape: left alone.
            copy(node.range)
        }
    }

    private mutating func variants(of key: String) -> [String] {
        if let cached = variantCache[key] { return cached }
        let variants = MessyCorpus.keyVariants(key)
        variantCache[key] = variants
        return variants
    }
}
