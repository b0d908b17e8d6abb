#include "LabelledSites.hpp"

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

#include <fstream>
#include <sstream>

namespace lodestone::plugins::testing {
namespace {

namespace fs = std::filesystem;

class FileHandler : public Poco::Net::HTTPRequestHandler {
  public:
    explicit FileHandler(const fs::path& root) : root_(root) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        std::string host = Poco::toLower(request.getHost());
        host = host.substr(0, host.find(':'));
        if (host.starts_with("www.")) host = host.substr(4);
        const std::string path = Poco::URI(request.getURI()).getPath();
        std::string file;
        if (path == "/" || path.empty()) file = "index.html";
        if (path == "/about" || path == "/about/") file = "about.html";
        const fs::path at = root_ / host / file;
        std::error_code error;
        if (file.empty() || host.find("..") != std::string::npos ||
            host.find('/') != std::string::npos || !fs::is_regular_file(at, error)) {
            response.setStatus(Poco::Net::HTTPResponse::HTTP_NOT_FOUND);
            response.setContentType("text/html; charset=utf-8");
            response.sendBuffer("<html><body>Not found</body></html>", 35);
            return;
        }
        std::ifstream in(at, std::ios::binary);
        std::ostringstream body;
        body << in.rdbuf();
        const std::string text = body.str();
        response.setContentType("text/html; charset=utf-8");
        response.sendBuffer(text.data(), text.size());
    }

  private:
    const fs::path& root_;
};

class FileFactory : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    explicit FileFactory(const fs::path& root) : root_(root) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest&) override {
        return new FileHandler(root_);
    }

  private:
    const fs::path& root_;
};

// research-web tries https first, and these sites speak plain HTTP only: a TLS ClientHello (its
// first byte 0x16) gets the connection closed at once, as a port without TLS would refuse it.
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

}  // namespace

LabelledSites::LabelledSites(fs::path root) : root_(std::move(root)) {
    Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
    port_ = socket.address().port();
    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
    params->setMaxThreads(16);
    params->setKeepAlive(false);
    server_ = std::make_unique<Poco::Net::TCPServer>(
        new ConnectionFactory(params, new FileFactory(root_)), threads_, socket, params);
    server_->start();
}

LabelledSites::~LabelledSites() {
    server_->stop();
}

std::string LabelledSites::resolveYaml(const std::set<std::string>& hosts) const {
    std::string yaml;
    for (const auto& host : hosts) {
        for (const std::string& name : {host, "www." + host}) {
            yaml += (yaml.empty() ? "{" : ", ") + name + ": \"" + address() + "\"";
        }
    }
    return yaml.empty() ? "{}" : yaml + "}";
}

std::set<std::string> LabelledSites::hosts() const {
    std::set<std::string> found;
    for (const auto& entry : fs::directory_iterator(root_)) {
        if (entry.is_directory()) found.insert(entry.path().filename().string());
    }
    return found;
}

}  // namespace lodestone::plugins::testing
