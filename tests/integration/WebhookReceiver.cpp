#include "WebhookReceiver.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/String.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <sstream>

namespace lodestone::test {
namespace {

std::int64_t nowMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

class Handler : public Poco::Net::HTTPRequestHandler {
  public:
    explicit Handler(WebhookReceiver& receiver) : receiver_(receiver) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        WebhookReceiver::Request seen;
        seen.receivedAtMs = nowMs();
        seen.method = request.getMethod();
        seen.uri = request.getURI();
        for (const auto& [name, value] : request) seen.headers[Poco::toLower(name)] = value;
        std::ostringstream body;
        Poco::StreamCopier::copyStream(request.stream(), body);
        seen.body = body.str();
        const auto answer = receiver_.record(std::move(seen));
        receiver_.delay(answer.delay);
        response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(answer.status));
        if (answer.status >= 300 && answer.status <= 399) {
            const auto location = receiver_.redirectLocation();
            if (!location.empty()) response.set("Location", location);
        }
        response.setContentType("text/plain");
        response.send() << "answer " << answer.status;
    }

  private:
    WebhookReceiver& receiver_;
};

class Factory : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    explicit Factory(WebhookReceiver& receiver) : receiver_(receiver) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest&) override {
        return new Handler(receiver_);
    }

  private:
    WebhookReceiver& receiver_;
};

std::string base64Decode(const std::string& text) {
    std::string out(text.size(), '\0');
    const int length = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                       reinterpret_cast<const unsigned char*>(text.data()),
                                       static_cast<int>(text.size()));
    if (length < 0) return "";
    // EVP_DecodeBlock counts the padding as zero bytes.
    std::size_t padding = 0;
    for (auto it = text.rbegin(); it != text.rend() && *it == '='; ++it) ++padding;
    out.resize(static_cast<std::size_t>(length) - padding);
    return out;
}

std::string base64Encode(const unsigned char* data, std::size_t size) {
    std::string out(4 * ((size + 2) / 3) + 1, '\0');
    const int length =
        EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()), data, static_cast<int>(size));
    out.resize(static_cast<std::size_t>(length));
    return out;
}

}  // namespace

WebhookReceiver::WebhookReceiver() {
    Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
    auto* params = new Poco::Net::HTTPServerParams();
    params->setMaxThreads(16);
    params->setKeepAlive(false);
    server_ = std::make_unique<Poco::Net::HTTPServer>(new Factory(*this), threads_, socket, params);
    server_->start();
}

WebhookReceiver::~WebhookReceiver() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        arrived_.notify_all();
    }
    server_->stopAll(true);
    threads_.joinAll();
}

void WebhookReceiver::delay(std::chrono::milliseconds delay) const {
    std::unique_lock lock(mutex_);
    arrived_.wait_for(lock, delay, [&] { return stopping_; });
}

std::uint16_t WebhookReceiver::port() const {
    return server_->port();
}

std::string WebhookReceiver::url(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(port()) + path;
}

void WebhookReceiver::script(std::vector<Answer> answers) {
    std::lock_guard lock(mutex_);
    script_.assign(answers.begin(), answers.end());
}

void WebhookReceiver::answerAfterScript(Answer answer) {
    std::lock_guard lock(mutex_);
    afterScript_ = answer;
}

void WebhookReceiver::redirectTo(std::string location) {
    std::lock_guard lock(mutex_);
    location_ = std::move(location);
}

std::string WebhookReceiver::redirectLocation() const {
    std::lock_guard lock(mutex_);
    return location_;
}

std::vector<WebhookReceiver::Request> WebhookReceiver::requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
}

bool WebhookReceiver::waitForRequests(std::size_t count, std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    return arrived_.wait_for(lock, timeout, [&] { return requests_.size() >= count; });
}

WebhookReceiver::Answer WebhookReceiver::record(Request request) {
    std::lock_guard lock(mutex_);
    requests_.push_back(std::move(request));
    arrived_.notify_all();
    if (script_.empty()) return afterScript_;
    Answer answer = script_.front();
    script_.pop_front();
    return answer;
}

bool verifiedWithOpenSsl(const std::string& secret, const std::string& id,
                         const std::string& timestamp, const std::string& body,
                         const std::string& signatureHeader) {
    if (secret.rfind("whsec_", 0) != 0) return false;
    const std::string key = base64Decode(secret.substr(6));
    const std::string signed_ = id + "." + timestamp + "." + body;
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int digestLength = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
         reinterpret_cast<const unsigned char*>(signed_.data()), signed_.size(), digest,
         &digestLength);
    const std::string expected = "v1," + base64Encode(digest, digestLength);
    std::istringstream signatures(signatureHeader);
    std::string one;
    while (signatures >> one) {
        if (one == expected) return true;
    }
    return false;
}

}  // namespace lodestone::test
