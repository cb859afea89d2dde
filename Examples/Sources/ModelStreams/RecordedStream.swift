import Foundation
import LenientJSON

/// A model's answer recorded as the server-sent events its API streams (files in `Resources/`), in one of two
/// wire formats, with how to find the answer's text in each event.
public enum RecordedStream: String, CaseIterable, Sendable {
    /// An OpenAI-style chat completion: `data: {"choices":[{"delta":{"content":"…"}}]}` lines, then
    /// `data: [DONE]`. The content is prose around a fenced JSON value, read as model output.
    case openAIChatCompletion = "openai-chat-completion"
    /// An Anthropic-style message whose tool call's input streams as `content_block_delta` events of type
    /// `input_json_delta`, each with a piece of the JSON in `partial_json`.
    case anthropicToolUse = "anthropic-tool-use"

    /// The recorded stream, as the API sent it.
    public var body: Data {
        get throws {
            guard let url = Bundle.module.url(forResource: rawValue, withExtension: "sse", subdirectory: "Resources")
            else { throw CocoaError(.fileNoSuchFile) }
            return try Data(contentsOf: url)
        }
    }

    /// How the answer's text is read: the chat completion's content is prose around the JSON (model output); the
    /// tool call's input is JSON and nothing else.
    public var partialOptions: PartialOptions {
        switch self {
        case .openAIChatCompletion: PartialOptions(input: .modelOutput)
        case .anthropicToolUse: PartialOptions(input: .json)
        }
    }

    /// The piece of the answer's text that `event` carries, or nil for an event that carries none (a role, a
    /// ping, a text block beside the tool call, the end).
    public func text(in event: ServerSentEvent) -> String? {
        switch self {
        case .openAIChatCompletion:
            guard event.data != "[DONE]",
                let chunk = try? JSONDecoder().decode(ChatCompletionChunk.self, from: Data(event.data.utf8))
            else { return nil }
            return chunk.choices.first?.delta.content
        case .anthropicToolUse:
            guard event.event == "content_block_delta",
                let delta = try? JSONDecoder().decode(ContentBlockDelta.self, from: Data(event.data.utf8)),
                delta.delta.type == "input_json_delta"
            else { return nil }
            return delta.delta.partialJSON
        }
    }

    /// The whole answer's text: every event's piece, joined.
    public var text: String {
        get throws {
            var parser = ServerSentEventParser()
            return try parser.append(body).compactMap(text(in:)).joined()
        }
    }
}

/// The part of a chat-completion chunk that carries text.
private struct ChatCompletionChunk: Decodable {
    struct Choice: Decodable {
        struct Delta: Decodable { var content: String? }
        var delta: Delta
    }
    var choices: [Choice]
}

/// The part of a `content_block_delta` event that carries a tool call's input.
private struct ContentBlockDelta: Decodable {
    struct Delta: Decodable {
        var type: String
        var partialJSON: String?
        enum CodingKeys: String, CodingKey {
            case type
            case partialJSON = "partial_json"
        }
    }
    var delta: Delta
}
