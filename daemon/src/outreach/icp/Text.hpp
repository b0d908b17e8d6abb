#pragma once

#include <string>
#include <vector>

// Text helpers shared by parsing and scoring: the comparisons an operator expects of names typed
// by people ("Series-A" is "series a", "VP, Sales" holds the word "VP").
namespace lodestone::outreach::icp {

// Lowercase, letters and digits kept, every other run of characters one '_', no '_' at either
// end: "Series-A", "series a" and "SERIES_A" all read "series_a".
std::string tokenKey(const std::string& text);

// Lowercase, trimmed, inner whitespace collapsed, '&' read as "and": "Retail & E-commerce" and
// "retail and  e-commerce" are equal.
std::string nameKey(const std::string& text);

// Lowercase words: runs of letters, digits, '+' and '#' (so "C++" stays a word).
std::vector<std::string> wordsOf(const std::string& text);

// Whether `phrase`'s words appear, consecutively and whole, among `text`'s words.
bool containsPhrase(const std::string& text, const std::string& phrase);

// A number for people: whole numbers without a fraction, others with up to 3 decimals.
std::string formatNumber(double value);

// An amount of money, shortened: 1500000 -> "$1.5M", 2000000000 -> "$2B", 950 -> "$950".
std::string formatMoney(double value);

}  // namespace lodestone::outreach::icp
