#include "app/Logging.hpp"

#include <Poco/AutoPtr.h>
#include <Poco/ConsoleChannel.h>
#include <Poco/FileChannel.h>
#include <Poco/FormattingChannel.h>
#include <Poco/Logger.h>
#include <Poco/PatternFormatter.h>

namespace lodestone::app {

void configureLogging(const config::LoggingConfig& logging) {
    Poco::AutoPtr<Poco::Channel> sink;
    if (logging.file) {
        Poco::AutoPtr<Poco::FileChannel> file(new Poco::FileChannel(logging.file->string()));
        file->setProperty("rotation", "100 M");
        file->setProperty("archive", "timestamp");
        file->setProperty("purgeCount", "10");
        sink = file;
    } else {
        sink = new Poco::ConsoleChannel();  // std::clog: standard error
    }
    Poco::AutoPtr<Poco::PatternFormatter> format(
        new Poco::PatternFormatter("%Y-%m-%dT%H:%M:%S.%iZ %p %s: %t"));
    Poco::AutoPtr<Poco::FormattingChannel> channel(new Poco::FormattingChannel(format, sink));
    Poco::Logger::root().setChannel(channel);
    Poco::Logger::setLevel("", Poco::Logger::parseLevel(logging.level));
    Poco::Logger::setChannel("", channel);
}

}  // namespace lodestone::app
