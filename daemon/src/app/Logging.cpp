#include "app/Logging.hpp"

#include <Poco/AutoPtr.h>
#include <Poco/ConsoleChannel.h>
#include <Poco/FileChannel.h>
#include <Poco/FormattingChannel.h>
#include <Poco/Logger.h>

#include "app/LogFormat.hpp"
#include "app/RepeatFolding.hpp"

namespace lodestone::app {

void configureLogging(const config::LoggingConfig& logging,
                      std::shared_ptr<const domain::Clock> clock) {
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
    // The journal reads a priority from each line of the stream it gave us; a file gets none.
    Poco::AutoPtr<Poco::Formatter> format(
        new LogLineFormatter(logging.format, !logging.file && stderrIsJournal()));
    Poco::AutoPtr<Poco::Channel> formatted(new Poco::FormattingChannel(format, sink));
    Poco::AutoPtr<Poco::Channel> channel(new RepeatFoldingChannel(formatted, std::move(clock)));
    Poco::Logger::root().setChannel(channel);
    Poco::Logger::setLevel("", Poco::Logger::parseLevel(logging.level));
    Poco::Logger::setChannel("", channel);
}

}  // namespace lodestone::app
