// Free-mail providers: an address at one of these names a person, not an employer, so it says
// nothing about the company. Shared by the daemon (deriving a prospect's company domain) and
// research plugins, so that both draw the same line.
#pragma once

#include <algorithm>
#include <string_view>

namespace lodestone::free_mail {

inline constexpr std::string_view kDomains[] = {
    "gmail.com",       "googlemail.com",  "outlook.com",    "hotmail.com",    "live.com",
    "live.co.uk",      "live.fr",         "live.de",        "live.nl",        "live.ca",
    "live.it",         "live.com.au",     "msn.com",        "icloud.com",     "me.com",
    "mac.com",         "aol.com",         "proton.me",      "protonmail.com", "protonmail.ch",
    "pm.me",           "mail.com",        "email.com",      "usa.com",        "post.com",
    "zoho.com",        "zohomail.com",    "fastmail.com",   "fastmail.fm",    "hey.com",
    "tutanota.com",    "tutanota.de",     "tuta.io",        "ymail.com",      "rocketmail.com",
    "web.de",          "t-online.de",     "freenet.de",     "posteo.de",      "mailbox.org",
    "mail.ru",         "inbox.ru",        "list.ru",        "bk.ru",          "rambler.ru",
    "ya.ru",           "qq.com",          "163.com",        "126.com",        "sina.com",
    "sohu.com",        "aliyun.com",      "naver.com",      "daum.net",       "hanmail.net",
    "rediffmail.com",  "libero.it",       "virgilio.it",    "tiscali.it",     "orange.fr",
    "wanadoo.fr",      "free.fr",         "laposte.net",    "sfr.fr",         "btinternet.com",
    "sky.com",         "virginmedia.com", "ntlworld.com",   "talktalk.net",   "bigpond.com",
    "optusnet.com.au", "shaw.ca",         "rogers.com",     "sympatico.ca",   "comcast.net",
    "verizon.net",     "att.net",         "sbcglobal.net",  "cox.net",        "charter.net",
    "earthlink.net",   "juno.com",        "bellsouth.net",  "seznam.cz",      "wp.pl",
    "o2.pl",           "interia.pl",      "onet.pl",        "uol.com.br",     "bol.com.br",
    "terra.com.br",    "hushmail.com",    "runbox.com",     "startmail.com",  "duck.com",
    "inbox.com",       "lycos.com",       "mailinator.com", "yopmail.com",    "guerrillamail.com",
};

// Providers with a domain per country (yahoo.co.uk, gmx.de, yandex.ru, ...).
inline constexpr std::string_view kFamilies[] = {"yahoo", "hotmail", "outlook",
                                                 "gmx",   "yandex",  "aol"};

// `domain` lowercased. A family matches only its own domains: the provider's name followed by a
// country or generic suffix of at most two short labels (yahoo.co.uk), not yahoo.example.com.
inline bool isBuiltIn(std::string_view domain) {
    if (std::find(std::begin(kDomains), std::end(kDomains), domain) != std::end(kDomains)) {
        return true;
    }
    const auto dot = domain.find('.');
    if (dot == std::string_view::npos) return false;
    const auto name = domain.substr(0, dot);
    if (std::find(std::begin(kFamilies), std::end(kFamilies), name) == std::end(kFamilies)) {
        return false;
    }
    std::string_view suffix = domain.substr(dot + 1);
    int labels = 0;
    while (!suffix.empty()) {
        const auto next = suffix.find('.');
        const auto label = suffix.substr(0, next);
        if (label.empty() || label.size() > 3 || ++labels > 2) return false;
        if (next == std::string_view::npos) break;
        suffix.remove_prefix(next + 1);
    }
    return labels > 0;
}

}  // namespace lodestone::free_mail
