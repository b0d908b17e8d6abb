#include "support/FixtureSite.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerConnection.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/TCPServerConnectionFactory.h>
#include <Poco/String.h>
#include <Poco/URI.h>

namespace lodestone::test {
namespace {

class PageHandler : public Poco::Net::HTTPRequestHandler {
  public:
    explicit PageHandler(FixtureSite& site) : site_(site) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        std::string host = Poco::toLower(request.getHost());
        host = host.substr(0, host.find(':'));
        const std::string path = Poco::URI(request.getURI()).getPath();
        site_.record(host, path);
        const FixturePage page = fixturePage(host, path);
        if (page.hangs) {
            site_.hang();
            return;
        }
        response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(page.status));
        for (const auto& [name, value] : page.headers) response.add(name, value);
        response.sendBuffer(page.body.data(), page.body.size());
    }

  private:
    FixtureSite& site_;
};

// research-web tries https first, and the fixture speaks plain HTTP only. A TLS ClientHello
// (its first byte 0x16) gets the connection closed at once, as a port without TLS would refuse
// it; handed to the HTTP parser instead, it could wait for a request line that never comes.
class PlainHttpConnection : public Poco::Net::TCPServerConnection {
  public:
    PlainHttpConnection(const Poco::Net::StreamSocket& socket,
                        Poco::Net::HTTPServerParams::Ptr params,
                        Poco::Net::HTTPRequestHandlerFactory::Ptr factory)
        : TCPServerConnection(socket), params_(std::move(params)), factory_(std::move(factory)) {}

    void run() override {
        char first = 0;
        socket().setReceiveTimeout(Poco::Timespan(10, 0));
        try {
            if (socket().receiveBytes(&first, 1, MSG_PEEK) != 1 || first == '\x16') return;
        } catch (const Poco::Exception&) {
            return;
        }
        Poco::Net::HTTPServerConnection(socket(), params_, factory_).run();
    }

  private:
    Poco::Net::HTTPServerParams::Ptr params_;
    Poco::Net::HTTPRequestHandlerFactory::Ptr factory_;
};

class ConnectionFactory : public Poco::Net::TCPServerConnectionFactory {
  public:
    ConnectionFactory(Poco::Net::HTTPServerParams::Ptr params,
                      Poco::Net::HTTPRequestHandlerFactory::Ptr factory)
        : params_(std::move(params)), factory_(std::move(factory)) {}
    Poco::Net::TCPServerConnection* createConnection(
        const Poco::Net::StreamSocket& socket) override {
        return new PlainHttpConnection(socket, params_, factory_);
    }

  private:
    Poco::Net::HTTPServerParams::Ptr params_;
    Poco::Net::HTTPRequestHandlerFactory::Ptr factory_;
};

class PageFactory : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    explicit PageFactory(FixtureSite& site) : site_(site) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest&) override {
        return new PageHandler(site_);
    }

  private:
    FixtureSite& site_;
};

}  // namespace

FixtureSite::FixtureSite() {
    Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
    port_ = socket.address().port();
    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
    params->setMaxThreads(64);
    params->setKeepAlive(false);
    server_ = std::make_unique<Poco::Net::TCPServer>(
        new ConnectionFactory(params, new PageFactory(*this)), threads_, socket, params);
    server_->start();
}

FixtureSite::~FixtureSite() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    released_.notify_all();
    server_->stop();
}

std::string FixtureSite::resolveYaml() const {
    std::string yaml = "{";
    for (const char* host : {kAcme, kLatin, kBroken, kLoop, kMetadata, kSlow, kShort}) {
        yaml += std::string(yaml.size() > 1 ? ", " : "") + host + ": \"" + address() + "\"";
    }
    return yaml + ", www." + kShort + ": \"" + address() + "\"}";
}

std::vector<std::string> FixtureSite::requests() const {
    const std::lock_guard lock(mutex_);
    return requests_;
}

int FixtureSite::hits(const std::string& host, const std::string& path) const {
    const std::lock_guard lock(mutex_);
    int count = 0;
    for (const auto& request : requests_) count += request == host + " " + path;
    return count;
}

void FixtureSite::record(const std::string& host, const std::string& path) {
    const std::lock_guard lock(mutex_);
    requests_.push_back(host + " " + path);
}

void FixtureSite::hang() {
    std::unique_lock lock(mutex_);
    released_.wait(lock, [this] { return stopping_; });
}

}  // namespace lodestone::test
