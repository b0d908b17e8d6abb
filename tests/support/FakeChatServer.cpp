#include "support/FakeChatServer.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/String.h>
#include <Poco/URI.h>
#include <gtest/gtest.h>

#include <sstream>

namespace lodestone::test {
namespace {

std::string jsonText(const Poco::JSON::Object& object) {
    std::ostringstream out;
    object.stringify(out);
    return out.str();
}

class ChatHandler : public Poco::Net::HTTPRequestHandler {
  public:
    explicit ChatHandler(FakeChatServer& server) : server_(server) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        SeenChatRequest seen;
        seen.method = request.getMethod();
        seen.path = Poco::URI(request.getURI()).getPath();
        for (const auto& [name, value] : request) seen.headers[Poco::toLower(name)] = value;
        Poco::StreamCopier::copyToString(request.stream(), seen.body);
        ChatReply reply;
        if (seen.method != "POST" || seen.path != "/v1/chat/completions") {
            reply = FakeChatServer::error(404, "no route " + seen.method + " " + seen.path);
        } else {
            reply = server_.answer(std::move(seen));
        }
        if (reply.hangs) {
            server_.hang();
            return;
        }
        response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(reply.status));
        response.setContentType("application/json");
        for (const auto& [name, value] : reply.headers) response.set(name, value);
        response.sendBuffer(reply.body.data(), reply.body.size());
    }

  private:
    FakeChatServer& server_;
};

class ChatHandlerFactory : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    explicit ChatHandlerFactory(FakeChatServer& server) : server_(server) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest&) override {
        return new ChatHandler(server_);
    }

  private:
    FakeChatServer& server_;
};

}  // namespace

std::string SeenChatRequest::header(const std::string& name) const {
    auto found = headers.find(Poco::toLower(name));
    return found == headers.end() ? "<none>" : found->second;
}

Poco::JSON::Object::Ptr SeenChatRequest::json() const {
    try {
        return Poco::JSON::Parser().parse(body).extract<Poco::JSON::Object::Ptr>();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "the request body is not a JSON object: " << e.what() << "\n" << body;
        return new Poco::JSON::Object;
    }
}

std::string SeenChatRequest::message(unsigned index) const {
    auto messages = json()->getArray("messages");
    if (!messages || index >= messages->size()) return "<none>";
    return messages->getObject(index)->optValue<std::string>("content", "<none>");
}

FakeChatServer::FakeChatServer() : default_(completion(document())) {
    Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
    port_ = socket.address().port();
    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
    params->setMaxThreads(32);
    params->setKeepAlive(false);
    server_ = std::make_unique<Poco::Net::HTTPServer>(new ChatHandlerFactory(*this), threads_,
                                                      socket, params);
    server_->start();
}

FakeChatServer::~FakeChatServer() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    server_->stopAll(true);
    threads_.joinAll();
}

void FakeChatServer::script(std::vector<ChatReply> replies) {
    const std::lock_guard lock(mutex_);
    for (auto& reply : replies) script_.push_back(std::move(reply));
}

void FakeChatServer::setDefault(ChatReply reply) {
    const std::lock_guard lock(mutex_);
    default_ = std::move(reply);
}

std::vector<SeenChatRequest> FakeChatServer::requests() const {
    const std::lock_guard lock(mutex_);
    return requests_;
}

std::size_t FakeChatServer::requestCount() const {
    const std::lock_guard lock(mutex_);
    return requests_.size();
}

bool FakeChatServer::waitForRequests(std::size_t count, std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return requests_.size() >= count; });
}

ChatReply FakeChatServer::answer(SeenChatRequest request) {
    ChatReply reply;
    {
        const std::lock_guard lock(mutex_);
        requests_.push_back(std::move(request));
        if (script_.empty()) {
            reply = default_;
        } else {
            reply = std::move(script_.front());
            script_.pop_front();
        }
    }
    changed_.notify_all();
    return reply;
}

void FakeChatServer::hang() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return stopping_; });
}

ChatReply FakeChatServer::completion(const std::string& content, int promptTokens,
                                     int completionTokens, const std::string& model) {
    Poco::JSON::Object message;
    message.set("role", "assistant");
    message.set("content", content);
    Poco::JSON::Object::Ptr choice = new Poco::JSON::Object;
    choice->set("index", 0);
    choice->set("message", message);
    choice->set("finish_reason", "stop");
    Poco::JSON::Array::Ptr choices = new Poco::JSON::Array;
    choices->add(choice);
    Poco::JSON::Object usage;
    usage.set("prompt_tokens", promptTokens);
    usage.set("completion_tokens", completionTokens);
    usage.set("total_tokens", promptTokens + completionTokens);
    Poco::JSON::Object body;
    body.set("id", "chatcmpl-fake");
    body.set("object", "chat.completion");
    body.set("model", model.empty() ? std::string("fake-model-2026") : model);
    body.set("choices", choices);
    body.set("usage", usage);
    return ChatReply{200, {}, jsonText(body), false};
}

ChatReply FakeChatServer::error(int status, const std::string& message,
                                std::vector<std::pair<std::string, std::string>> headers) {
    Poco::JSON::Object error;
    error.set("message", message);
    error.set("type", status == 429 ? "rate_limit_exceeded" : "invalid_request_error");
    Poco::JSON::Object body;
    body.set("error", error);
    return ChatReply{status, std::move(headers), jsonText(body), false};
}

std::string FakeChatServer::document(const std::string& title) {
    Poco::JSON::Object doc(Poco::JSON_PRESERVE_KEY_ORDER);
    doc.set("title", title);
    doc.set("subtitle", "For Ada Lovelace, VP Engineering: three plays for the next quarter");
    Poco::JSON::Array::Ptr sections = new Poco::JSON::Array;
    for (const auto& [heading, body] :
         {std::pair<std::string, std::string>{"Where Acme Analytics starts",
                                              "Acme Analytics is hiring 3 people.\n\nThat is a "
                                              "good moment to write the onboarding down."},
          std::pair<std::string, std::string>{"Three plays",
                                              "- Play one\n- Play two\n- Play "
                                              "three"}}) {
        Poco::JSON::Object::Ptr section = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        section->set("heading", heading);
        section->set("body", body);
        sections->add(section);
    }
    doc.set("sections", sections);
    Poco::JSON::Object callToAction(Poco::JSON_PRESERVE_KEY_ORDER);
    callToAction.set("text", "Book 30 minutes with Sam Lee to plan the first play");
    callToAction.set("url", "");
    doc.set("callToAction", callToAction);
    return jsonText(doc);
}

}  // namespace lodestone::test
