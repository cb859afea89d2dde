// Models for the standard `citm_catalog.json` corpus (a concert-hall ticketing catalog).
// Shared with the benchmark package through a symlink; see TwitterModels.swift.
//
// The name tables and `events` are dictionaries keyed by numeric ids written as strings
// (`venueNames` by venue code); `blockNames` and `subjectNames` are empty objects, every
// `blockIds` is an empty array. `description`, `subjectCode`, `subtitle`, performance `name`
// and `seatMapImage` are `null` throughout; `logo` is sometimes `null`.

enum CitmCatalogCorpus {
    struct Root: Codable, Equatable, Sendable {
        let areaNames: [String: String]
        let audienceSubCategoryNames: [String: String]
        let blockNames: [String: String]
        let events: [String: Event]
        let performances: [Performance]
        let seatCategoryNames: [String: String]
        let subTopicNames: [String: String]
        let subjectNames: [String: String]
        let topicNames: [String: String]
        let topicSubTopics: [String: [Int]]
        let venueNames: [String: String]
    }

    struct Event: Codable, Equatable, Sendable {
        let description: String?
        let id: Int
        let logo: String?
        let name: String
        let subTopicIds: [Int]
        let subjectCode: String?
        let subtitle: String?
        let topicIds: [Int]
    }

    struct Performance: Codable, Equatable, Sendable {
        let eventId: Int
        let id: Int
        let logo: String?
        let name: String?
        let prices: [Price]
        let seatCategories: [SeatCategory]
        let seatMapImage: String?
        /// Milliseconds since 1970 (e.g. 1372701600000).
        let start: Int64
        let venueCode: String
    }

    struct Price: Codable, Equatable, Sendable {
        let amount: Int
        let audienceSubCategoryId: Int
        let seatCategoryId: Int
    }

    struct SeatCategory: Codable, Equatable, Sendable {
        let areas: [Area]
        let seatCategoryId: Int
    }

    struct Area: Codable, Equatable, Sendable {
        let areaId: Int
        let blockIds: [Int]
    }
}
