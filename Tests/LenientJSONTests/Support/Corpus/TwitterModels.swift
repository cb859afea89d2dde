// Models for the standard `twitter.json` corpus (a Twitter search API response).
//
// Shared with the benchmark package through a symlink (Benchmarks/*/Corpus), so this file
// must compile in both places: plain internal types, Foundation only.
//
// Every key present in the corpus is modelled. Optionals mark keys that are sometimes absent
// (`media`, `possibly_sensitive`, `retweeted_status`, `profile_banner_url`,
// `source_status_id`, user `entities.url`) or sometimes `null` (`in_reply_to_*`, `time_zone`,
// `utc_offset`, user `url`). `contributors`, `coordinates`, `geo` and `place` are `null` in every
// status of the corpus; they are typed after Twitter's documented v1.1 shapes.

enum TwitterCorpus {
    struct Root: Codable, Equatable, Sendable {
        let statuses: [Status]
        let searchMetadata: SearchMetadata

        enum CodingKeys: String, CodingKey {
            case statuses
            case searchMetadata = "search_metadata"
        }
    }

    struct SearchMetadata: Codable, Equatable, Sendable {
        let completedIn: Double
        let maxID: Int64
        let maxIDStr: String
        let nextResults: String
        let query: String
        let refreshURL: String
        let count: Int
        let sinceID: Int64
        let sinceIDStr: String

        enum CodingKeys: String, CodingKey {
            case completedIn = "completed_in"
            case maxID = "max_id"
            case maxIDStr = "max_id_str"
            case nextResults = "next_results"
            case query
            case refreshURL = "refresh_url"
            case count
            case sinceID = "since_id"
            case sinceIDStr = "since_id_str"
        }
    }

    /// A status; its `retweetedStatus` has the same fields but never a `retweeted_status` of its own.
    struct Status: Codable, Equatable, Sendable {
        let metadata: Metadata
        let createdAt: String
        let id: Int64
        let idStr: String
        let text: String
        let source: String
        let truncated: Bool
        let inReplyToStatusID: Int64?
        let inReplyToStatusIDStr: String?
        let inReplyToUserID: Int64?
        let inReplyToUserIDStr: String?
        let inReplyToScreenName: String?
        let user: User
        let geo: GeoPoint?
        let coordinates: GeoPoint?
        let place: Place?
        let contributors: [Int64]?
        let retweetedStatus: RetweetedStatus?
        let retweetCount: Int
        let favoriteCount: Int
        let entities: StatusEntities
        let favorited: Bool
        let retweeted: Bool
        let possiblySensitive: Bool?
        let lang: String

        enum CodingKeys: String, CodingKey {
            case metadata
            case createdAt = "created_at"
            case id
            case idStr = "id_str"
            case text
            case source
            case truncated
            case inReplyToStatusID = "in_reply_to_status_id"
            case inReplyToStatusIDStr = "in_reply_to_status_id_str"
            case inReplyToUserID = "in_reply_to_user_id"
            case inReplyToUserIDStr = "in_reply_to_user_id_str"
            case inReplyToScreenName = "in_reply_to_screen_name"
            case user
            case geo
            case coordinates
            case place
            case contributors
            case retweetedStatus = "retweeted_status"
            case retweetCount = "retweet_count"
            case favoriteCount = "favorite_count"
            case entities
            case favorited
            case retweeted
            case possiblySensitive = "possibly_sensitive"
            case lang
        }
    }

    struct RetweetedStatus: Codable, Equatable, Sendable {
        let metadata: Metadata
        let createdAt: String
        let id: Int64
        let idStr: String
        let text: String
        let source: String
        let truncated: Bool
        let inReplyToStatusID: Int64?
        let inReplyToStatusIDStr: String?
        let inReplyToUserID: Int64?
        let inReplyToUserIDStr: String?
        let inReplyToScreenName: String?
        let user: User
        let geo: GeoPoint?
        let coordinates: GeoPoint?
        let place: Place?
        let contributors: [Int64]?
        let retweetCount: Int
        let favoriteCount: Int
        let entities: StatusEntities
        let favorited: Bool
        let retweeted: Bool
        let possiblySensitive: Bool?
        let lang: String

        enum CodingKeys: String, CodingKey {
            case metadata
            case createdAt = "created_at"
            case id
            case idStr = "id_str"
            case text
            case source
            case truncated
            case inReplyToStatusID = "in_reply_to_status_id"
            case inReplyToStatusIDStr = "in_reply_to_status_id_str"
            case inReplyToUserID = "in_reply_to_user_id"
            case inReplyToUserIDStr = "in_reply_to_user_id_str"
            case inReplyToScreenName = "in_reply_to_screen_name"
            case user
            case geo
            case coordinates
            case place
            case contributors
            case retweetCount = "retweet_count"
            case favoriteCount = "favorite_count"
            case entities
            case favorited
            case retweeted
            case possiblySensitive = "possibly_sensitive"
            case lang
        }
    }

    struct Metadata: Codable, Equatable, Sendable {
        let resultType: String
        let isoLanguageCode: String

        enum CodingKeys: String, CodingKey {
            case resultType = "result_type"
            case isoLanguageCode = "iso_language_code"
        }
    }

    struct User: Codable, Equatable, Sendable {
        let id: Int64
        let idStr: String
        let name: String
        let screenName: String
        let location: String
        let description: String
        let url: String?
        let entities: UserEntities
        let protected: Bool
        let followersCount: Int
        let friendsCount: Int
        let listedCount: Int
        let createdAt: String
        let favouritesCount: Int
        let utcOffset: Int?
        let timeZone: String?
        let geoEnabled: Bool
        let verified: Bool
        let statusesCount: Int
        let lang: String
        let contributorsEnabled: Bool
        let isTranslator: Bool
        let isTranslationEnabled: Bool
        let profileBackgroundColor: String
        let profileBackgroundImageURL: String
        let profileBackgroundImageURLHTTPS: String
        let profileBackgroundTile: Bool
        let profileImageURL: String
        let profileImageURLHTTPS: String
        let profileBannerURL: String?
        let profileLinkColor: String
        let profileSidebarBorderColor: String
        let profileSidebarFillColor: String
        let profileTextColor: String
        let profileUseBackgroundImage: Bool
        let defaultProfile: Bool
        let defaultProfileImage: Bool
        let following: Bool
        let followRequestSent: Bool
        let notifications: Bool

        enum CodingKeys: String, CodingKey {
            case id
            case idStr = "id_str"
            case name
            case screenName = "screen_name"
            case location
            case description
            case url
            case entities
            case protected
            case followersCount = "followers_count"
            case friendsCount = "friends_count"
            case listedCount = "listed_count"
            case createdAt = "created_at"
            case favouritesCount = "favourites_count"
            case utcOffset = "utc_offset"
            case timeZone = "time_zone"
            case geoEnabled = "geo_enabled"
            case verified
            case statusesCount = "statuses_count"
            case lang
            case contributorsEnabled = "contributors_enabled"
            case isTranslator = "is_translator"
            case isTranslationEnabled = "is_translation_enabled"
            case profileBackgroundColor = "profile_background_color"
            case profileBackgroundImageURL = "profile_background_image_url"
            case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
            case profileBackgroundTile = "profile_background_tile"
            case profileImageURL = "profile_image_url"
            case profileImageURLHTTPS = "profile_image_url_https"
            case profileBannerURL = "profile_banner_url"
            case profileLinkColor = "profile_link_color"
            case profileSidebarBorderColor = "profile_sidebar_border_color"
            case profileSidebarFillColor = "profile_sidebar_fill_color"
            case profileTextColor = "profile_text_color"
            case profileUseBackgroundImage = "profile_use_background_image"
            case defaultProfile = "default_profile"
            case defaultProfileImage = "default_profile_image"
            case following
            case followRequestSent = "follow_request_sent"
            case notifications
        }
    }

    struct UserEntities: Codable, Equatable, Sendable {
        let url: URLList?
        let description: URLList
    }

    struct URLList: Codable, Equatable, Sendable {
        let urls: [URLEntity]
    }

    struct StatusEntities: Codable, Equatable, Sendable {
        let hashtags: [Hashtag]
        /// Empty in every status of the corpus; Twitter documents symbols with the shape of hashtags.
        let symbols: [Hashtag]
        let urls: [URLEntity]
        let userMentions: [UserMention]
        let media: [Media]?

        enum CodingKeys: String, CodingKey {
            case hashtags
            case symbols
            case urls
            case userMentions = "user_mentions"
            case media
        }
    }

    struct Hashtag: Codable, Equatable, Sendable {
        let text: String
        let indices: [Int]
    }

    struct URLEntity: Codable, Equatable, Sendable {
        let url: String
        let expandedURL: String
        let displayURL: String
        let indices: [Int]

        enum CodingKeys: String, CodingKey {
            case url
            case expandedURL = "expanded_url"
            case displayURL = "display_url"
            case indices
        }
    }

    struct UserMention: Codable, Equatable, Sendable {
        let screenName: String
        let name: String
        let id: Int64
        let idStr: String
        let indices: [Int]

        enum CodingKeys: String, CodingKey {
            case screenName = "screen_name"
            case name
            case id
            case idStr = "id_str"
            case indices
        }
    }

    struct Media: Codable, Equatable, Sendable {
        let id: Int64
        let idStr: String
        let indices: [Int]
        let mediaURL: String
        let mediaURLHTTPS: String
        let url: String
        let displayURL: String
        let expandedURL: String
        let type: String
        let sizes: MediaSizes
        let sourceStatusID: Int64?
        let sourceStatusIDStr: String?

        enum CodingKeys: String, CodingKey {
            case id
            case idStr = "id_str"
            case indices
            case mediaURL = "media_url"
            case mediaURLHTTPS = "media_url_https"
            case url
            case displayURL = "display_url"
            case expandedURL = "expanded_url"
            case type
            case sizes
            case sourceStatusID = "source_status_id"
            case sourceStatusIDStr = "source_status_id_str"
        }
    }

    struct MediaSizes: Codable, Equatable, Sendable {
        let medium: MediaSize
        let small: MediaSize
        let thumb: MediaSize
        let large: MediaSize
    }

    struct MediaSize: Codable, Equatable, Sendable {
        let w: Int
        let h: Int
        let resize: String
    }

    /// `null` throughout the corpus (`geo`, `coordinates`); Twitter's GeoJSON point.
    struct GeoPoint: Codable, Equatable, Sendable {
        let type: String
        let coordinates: [Double]
    }

    /// `null` throughout the corpus; the scalar part of Twitter's place object.
    struct Place: Codable, Equatable, Sendable {
        let id: String
        let url: String
        let placeType: String
        let name: String
        let fullName: String
        let countryCode: String
        let country: String

        enum CodingKeys: String, CodingKey {
            case id
            case url
            case placeType = "place_type"
            case name
            case fullName = "full_name"
            case countryCode = "country_code"
            case country
        }
    }
}
