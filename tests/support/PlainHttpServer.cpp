#include "support/PlainHttpServer.hpp"

#include <Poco/Net/HTTPServerConnection.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/TCPServerConnectionFactory.h>

namespace lodestone::test {
namespace {

// research-web tries https first, and these servers speak plain HTTP only. A TLS ClientHello
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

class PlainHttpConnectionFactory : public Poco::Net::TCPServerConnectionFactory {
  public:
    PlainHttpConnectionFactory(Poco::Net::HTTPServerParams::Ptr params,
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

PlainHttpServer::PlainHttpServer(Poco::Net::HTTPRequestHandlerFactory::Ptr factory, int maxThreads)
    : threads_(2, maxThreads) {
    Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
    port_ = socket.address().port();
    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
    params->setMaxThreads(maxThreads);
    params->setKeepAlive(false);
    server_ = std::make_unique<Poco::Net::TCPServer>(
        new PlainHttpConnectionFactory(params, std::move(factory)), threads_, socket, params);
    server_->start();
}

PlainHttpServer::~PlainHttpServer() {
    server_->stop();
}

}  // namespace lodestone::test
