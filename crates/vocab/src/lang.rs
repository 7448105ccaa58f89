//! The two languages of every page.

/// A page language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Japanese.
    Ja,
    /// English.
    En,
}

impl Lang {
    /// Both languages, Japanese first (the site's primary language).
    pub const ALL: [Lang; 2] = [Lang::Ja, Lang::En];

    /// The BCP 47 code, which is also the language's folder in the built site and its div
    /// (`:::ja`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ja => "ja",
            Lang::En => "en",
        }
    }

    /// The language's name in English, for diagnostics.
    pub fn english_name(self) -> &'static str {
        match self {
            Lang::Ja => "Japanese",
            Lang::En => "English",
        }
    }

    /// The language a file is in by its name's last part before the extension
    /// (`talk.ja.vtt`), if it names one.
    pub fn of_file(path: &str) -> Option<Lang> {
        let name = path.rsplit('/').next().unwrap_or(path);
        let stem = name.rsplit_once('.')?.0;
        let code = stem.rsplit_once('.')?.1;
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The other language.
    pub fn other(self) -> Lang {
        match self {
            Lang::Ja => Lang::En,
            Lang::En => Lang::Ja,
        }
    }

    /// Parse a language code.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn codes_round_trip() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            assert_eq!(lang.other().other(), lang);
        }
        assert_eq!(Lang::from_code("de"), None);
    }
}
