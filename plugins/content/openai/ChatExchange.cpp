#include "ChatExchange.hpp"

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/String.h>

#include <algorithm>
#include <sstream>
#include <thread>

#include "ContentReply.hpp"
#include "RetryAfter.hpp"

namespace lodestone::content_openai {
namespace {

using namespace std::chrono_literals;
using Poco::Dynamic::Var;
using Poco::JSON::Object;

// Time a retry needs at least beside its wait: a request given less would only time out.
constexpr std::chrono::milliseconds kShortestTry = 200ms;

std::int64_t nowMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

Object::Ptr parsedObject(const std::string& text) {
    try {
        const Var parsed = Poco::JSON::Parser().parse(text);
        if (parsed.type() == typeid(Object::Ptr)) return parsed.extract<Object::Ptr>();
    } catch (const Poco::Exception&) {
    }
    return nullptr;
}

std::string oneLine(std::string text, std::size_t most) {
    for (char& c : text) {
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    }
    if (text.size() > most) {
        text.resize(most);
        // Cut on a character boundary.
        while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) {
            text.pop_back();
        }
        if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.pop_back();
        text += "…";
    }
    return text;
}

std::string seconds(std::chrono::milliseconds wait) {
    std::ostringstream out;
    out.precision(wait.count() < 10'000 ? 2 : 0);
    out << std::fixed << static_cast<double>(wait.count()) / 1000.0 << " s";
    return out.str();
}

std::string headerValue(const Object::Ptr& headers, const std::string& name) {
    if (!headers) return "";
    for (const auto& [key, value] : *headers) {
        if (Poco::icompare(key, name) == 0) return value.toString();
    }
    return "";
}

Poco::Int64 tokens(const Object& usage, const std::string& key) {
    if (!usage.has(key) || !usage.get(key).isInteger()) return -1;
    return usage.get(key).convert<Poco::Int64>();
}

}  // namespace

std::string withoutKey(const std::string& text, const std::string& apiKey) {
    if (apiKey.empty()) return text;
    std::string result = text;
    for (std::size_t at = result.find(apiKey); at != std::string::npos;
         at = result.find(apiKey, at)) {
        result.replace(at, apiKey.size(), "[api_key]");
    }
    // Masked forms keep the key's first or last few characters around asterisks or an
    // ellipsis; a word holding either end of the key beside a mask goes whole.
    const std::size_t end = apiKey.size() >= 8 ? 4 : apiKey.size();
    const std::string head = apiKey.substr(0, std::min<std::size_t>(apiKey.size(), 6));
    const std::string tail = apiKey.substr(apiKey.size() - end);
    std::string out;
    std::size_t start = 0;
    while (start <= result.size()) {
        std::size_t stop = result.find_first_of(" \t\r\n\"'", start);
        if (stop == std::string::npos) stop = result.size();
        std::string word = result.substr(start, stop - start);
        const bool masked = word.find('*') != std::string::npos ||
                            word.find("...") != std::string::npos ||
                            word.find("…") != std::string::npos;
        if (masked &&
            (word.find(head) != std::string::npos || word.find(tail) != std::string::npos)) {
            word = "[api_key]";
        }
        out += word;
        if (stop < result.size()) out += result[stop];
        start = stop + 1;
    }
    return out;
}

std::string serverMessage(const std::string& body, const std::string& apiKey) {
    std::string message;
    if (const Object::Ptr answer = parsedObject(body)) {
        if (const Object::Ptr error = answer->getObject("error")) {
            message = error->optValue<std::string>("message", "");
        } else if (answer->has("error") && answer->get("error").isString()) {
            message = answer->getValue<std::string>("error");
        } else if (answer->has("message") && answer->get("message").isString()) {
            message = answer->getValue<std::string>("message");
        }
    }
    if (message.empty()) message = body;
    message = withoutKey(message, apiKey);
    const auto start = message.find_first_not_of(" \t\r\n");
    if (start == std::string::npos) return "";
    return oneLine(message.substr(start), 300);
}

ChatAnswer readAnswer(const std::string& body, const OpenAiSettings& settings) {
    const Object::Ptr answer = parsedObject(body);
    if (!answer)
        throw ReplyError("the server's answer is not a JSON object: " + oneLine(body, 160));
    const auto choices = answer->getArray("choices");
    if (!choices || choices->size() == 0) throw ReplyError("the server's answer has no choices");
    const Object::Ptr choice = choices->getObject(0);
    const Object::Ptr message = choice ? choice->getObject("message") : nullptr;
    if (!message) throw ReplyError("the server's answer has no choices[0].message");
    if (message->has("refusal") && message->get("refusal").isString()) {
        throw ReplyError("the model refused: " +
                         oneLine(message->getValue<std::string>("refusal"), 300));
    }
    const std::string finish = choice->optValue<std::string>("finish_reason", "");
    if (finish == "length") {
        throw ReplyError("the model's answer was cut off at max_tokens (" +
                         std::to_string(settings.maxTokens) +
                         "); raise max_tokens or ask for a shorter document");
    }
    if (finish == "content_filter") {
        throw ReplyError("the server's content filter withheld the model's answer");
    }
    if (!message->has("content") || !message->get("content").isString()) {
        throw ReplyError("the server's answer has no text in choices[0].message.content");
    }
    ChatAnswer result;
    result.content = message->getValue<std::string>("content");
    if (const Object::Ptr usage = answer->getObject("usage")) {
        Object::Ptr reported = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
        for (const auto& [from, to] : {std::pair{"prompt_tokens", "promptTokens"},
                                       std::pair{"completion_tokens", "completionTokens"},
                                       std::pair{"total_tokens", "totalTokens"}}) {
            if (const auto count = tokens(*usage, from); count >= 0) reported->set(to, count);
        }
        if (reported->size() > 0) {
            const std::string model = answer->optValue<std::string>("model", "");
            reported->set("model", model.empty() ? settings.model : model);
            result.usage = reported;
        }
    }
    return result;
}

ChatExchange::Response ChatExchange::send(const std::string& requestBody,
                                          std::chrono::milliseconds timeout) const {
    Object request(Poco::JSON_PRESERVE_KEY_ORDER);
    request.set("method", "POST");
    request.set("url", settings_.completionsUrl());
    Object::Ptr headers = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    headers->set("Content-Type", "application/json");
    headers->set("Accept", "application/json");
    if (!settings_.apiKey.empty()) headers->set("Authorization", "Bearer " + settings_.apiKey);
    request.set("headers", headers);
    request.set("body", requestBody);
    request.set("timeoutMs", static_cast<Poco::Int64>(std::max<std::int64_t>(1, timeout.count())));
    std::ostringstream json;
    request.stringify(json);

    const std::string where = "POST " + settings_.completionsUrl() + ": ";
    std::string answer;
    try {
        answer = context_.httpRequest(json.str());
    } catch (const Cancelled&) {
        throw;
    } catch (const std::exception& e) {
        // The host's reason names the address and the rule (a refused private address says
        // which setting opens it); a URL it will not fetch is the config's fault, not the lead's.
        throw std::runtime_error(where + withoutKey(e.what(), settings_.apiKey));
    }
    const Object::Ptr parsed = parsedObject(answer);
    if (!parsed || !parsed->has("status")) {
        throw std::runtime_error(where + "the host's answer could not be read");
    }
    if (parsed->optValue<bool>("truncated", false)) {
        throw std::runtime_error(where +
                                 "the server's answer was larger than lodestoned "
                                 "reads for a content step");
    }
    Response response;
    response.status = parsed->getValue<int>("status");
    response.headers = parsed->getObject("headers");
    response.body = parsed->optValue<std::string>("body", "");
    return response;
}

void ChatExchange::wait(std::chrono::milliseconds pause) const {
    const auto end = std::chrono::steady_clock::now() + pause;
    for (auto now = std::chrono::steady_clock::now(); now < end;
         now = std::chrono::steady_clock::now()) {
        context_.throwIfCancelled();
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(end - now, 50ms));
    }
    context_.throwIfCancelled();
}

ChatAnswer ChatExchange::complete(const std::string& requestBody) const {
    const std::string where = "POST " + settings_.completionsUrl() + ": ";
    for (int attempt = 1;; ++attempt) {
        context_.throwIfCancelled();
        const std::int64_t left = context_.deadline() - nowMs();
        if (left <= 0) throw std::runtime_error(where + "the step's deadline passed");
        const auto timeout = std::min(settings_.timeout, std::chrono::milliseconds(left));
        const Response response = send(requestBody, timeout);
        if (response.status >= 200 && response.status < 300) {
            return readAnswer(response.body, settings_);
        }
        std::string failure =
            where + std::to_string(response.status) + " " +
            Poco::Net::HTTPResponse::getReasonForStatus(
                static_cast<Poco::Net::HTTPResponse::HTTPStatus>(response.status));
        if (const std::string said = serverMessage(response.body, settings_.apiKey);
            !said.empty()) {
            failure += ": " + said;
        }
        const bool busy = response.status == 429 || response.status >= 500;
        if (!busy) throw std::runtime_error(failure);
        if (attempt == kMaxAttempts) {
            throw std::runtime_error(failure + " (" + std::to_string(kMaxAttempts) + " attempts)");
        }
        const auto asked = retryAfter(headerValue(response.headers, "Retry-After"), nowMs());
        const auto pause = asked.value_or(backoff(attempt));
        if (nowMs() + pause.count() + kShortestTry.count() >= context_.deadline()) {
            throw std::runtime_error(failure + "; " +
                                     (asked ? "the server asked to wait " : "a retry in ") +
                                     seconds(pause) + ", past the step's deadline");
        }
        host_.info(failure + "; trying again in " + seconds(pause) + " (attempt " +
                   std::to_string(attempt + 1) + " of " + std::to_string(kMaxAttempts) + ")");
        context_.progress(10 + 5 * attempt, "the server is busy; waiting to try again");
        wait(pause);
    }
}

}  // namespace lodestone::content_openai
