// An OpenAI-compatible chat-completions server for content-openai's tests, on 127.0.0.1 in the
// test process (a Poco HTTPServer on an ephemeral port). It answers POST /v1/chat/completions
// with scripted replies, in order, then with its default reply, and records every request.
#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/ThreadPool.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace lodestone::test {

struct ChatReply {
    int status = 200;
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body;
    bool hangs = false;  // never answers (until the server is destroyed)
};

struct SeenChatRequest {
    std::string method;
    std::string path;
    std::map<std::string, std::string> headers;  // by lower-case name
    std::string body;

    // The value of header `name` (any case), "<none>" when absent.
    std::string header(const std::string& name) const;
    // The body as JSON (a test failure and an empty object when it is not).
    Poco::JSON::Object::Ptr json() const;
    // messages[i].content of the body.
    std::string message(unsigned index) const;
};

class FakeChatServer {
  public:
    FakeChatServer();
    // Releases replies that never answer, then stops the server.
    ~FakeChatServer();
    FakeChatServer(const FakeChatServer&) = delete;
    FakeChatServer& operator=(const FakeChatServer&) = delete;

    std::uint16_t port() const { return port_; }
    // content-openai's base_url for this server: "http://127.0.0.1:<port>/v1".
    std::string baseUrl() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

    // Replies for the next requests, in order; after them, the default.
    void script(std::vector<ChatReply> replies);
    void setDefault(ChatReply reply);

    std::vector<SeenChatRequest> requests() const;
    std::size_t requestCount() const;
    // Waits until at least `count` requests arrived (false after `timeout`).
    bool waitForRequests(std::size_t count, std::chrono::milliseconds timeout) const;

    // A 200 chat completion whose message is `content`, reporting the given token usage.
    static ChatReply completion(const std::string& content, int promptTokens = 812,
                                int completionTokens = 640, const std::string& model = "");
    // An error answer in OpenAI's shape {"error": {"message", "type"}}.
    static ChatReply error(int status, const std::string& message,
                           std::vector<std::pair<std::string, std::string>> headers = {});
    // A content document: `title`, a subtitle, two sections and a call to action, as JSON text.
    static std::string document(const std::string& title = "Acme Analytics: a 90-day playbook");

    // For the handler.
    ChatReply answer(SeenChatRequest request);
    void hang();

  private:
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    bool stopping_ = false;
    std::deque<ChatReply> script_;
    ChatReply default_;
    std::vector<SeenChatRequest> requests_;
    std::uint16_t port_ = 0;
    Poco::ThreadPool threads_{2, 32};
    std::unique_ptr<Poco::Net::HTTPServer> server_;
};

}  // namespace lodestone::test
