"""Romanisation scored against references written from published sources: character error rate per
language, in the standard form and in the readable one. Languages without a reference set are
listed as unverified.

engine/.venv/bin/python -m bench.romanisation   (from engine/; prints the table in docs/languages.md)

Each set names its source. The standard form follows the scheme's own document; the readable form
follows the Latin-script titles the songs were released under, or the scheme without its marks where
the source says so. A reference is what the source writes, not what Verse writes: where they
differ, the difference counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from verse_engine.languages import all_languages
from verse_engine.text.romanise import RomanisationForm, romanise_line

from .metrics import edit_distance


@dataclass(frozen=True)
class ReferenceSet:
    source: str
    #: (original, standard form, readable form); the standard form is None where the source does not
    #: write the language's standard scheme, and the set then scores the readable form only.
    lines: list[tuple[str, str | None, str]]


REFERENCES: dict[str, ReferenceSet] = {
    "Gujarati": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel dropped as Gujarati drops it "
        "(docs/languages.md). Readable: the Latin-script titles as released: Chello Divas (2015), Chhello "
        "Show (2021), Kem Chho (2016), Hellaro (2019), Bey Yaar (2014), Love Ni Bhavai (2017), Kevi Rite "
        "Jaish (2012), Chaal Jeevi Laiye (2019), Dhunki (2019), Sharato Lagu (2018), Ratanpur (2018); the "
        "folk songs as their records title them: Sanedo, Pankhida, Odhni, Vaagyo Re Dhol, Dholida, Moti "
        "Verana; Garba, Dandiya and Gujarat as the state writes them",
        [
            ("છેલ્લો દિવસ", "chēllō divas", "chello divas"),
            ("છેલ્લો શો", "chēllō śō", "chhello show"),
            ("કેમ છો", "kēm chō", "kem chho"),
            ("હેલ્લારો", "hēllārō", "hellaro"),
            ("બે યાર", "bē yār", "bey yaar"),
            ("ગુજરાત", "gujrāt", "gujarat"),
            ("ગરબા", "garbā", "garba"),
            ("દાંડિયા", "dāṁḍiyā", "dandiya"),
            ("સનેડો", "sanēḍō", "sanedo"),
            ("પંખીડા", "paṁkhīḍā", "pankhida"),
            ("ઓઢણી", "ōḍhṇī", "odhni"),
            ("વાગ્યો રે ઢોલ", "vāgyō rē ḍhōl", "vaagyo re dhol"),
            ("ઢોલીડા", "ḍhōlīḍā", "dholida"),
            ("લવ ની ભવાઈ", "lav nī bhavāī", "love ni bhavai"),
            ("કેવી રીતે જઈશ", "kēvī rītē jaīś", "kevi rite jaish"),
            ("ચાલ જીવી લઈએ", "cāl jīvī laīē", "chaal jeevi laiye"),
            ("ધુંકી", "dhuṁkī", "dhunki"),
            ("શરતો લાગુ", "śartō lāgu", "sharato lagu"),
            ("રતનપુર", "ratanpur", "ratanpur"),
            ("મોતી વેરાણા", "mōtī vērāṇā", "moti verana"),
        ],
    ),
    "Hindi": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table (ē, ō, ṁ, m̐, c, ś). Readable: the Latin-script titles the "
        "songs and films were released under: Mera Naam Joker (1970), Tum Hi Ho (Aashiqui 2, 2013), Dil Se "
        "(1998), Kabhi Kabhi Mere Dil Mein (1976), Tere Bina (Guru, 2007), Jeena Jeena (Badlapur, 2015), "
        "Chaand Sifarish (Fanaa, 2006), Aaj Ki Raat (Don, 2006), Zindagi Na Milegi Dobara (2011), Pyaar Hua "
        "Chupke Se (1994), Duniya (Luka Chuppi, 2019), Mohabbatein (2000), Sapna Jahan (Brothers, 2015), Paani "
        "Da Rang (Vicky Donor, 2012), Dil Mein Ho Tum (2019), Nahin Saamne (Taal, 1999), Aashiqui (1990), "
        "Kuch Kuch Hota Hai (1998), Tere Naam (2003), Rang De Basanti (2006), Dil To Pagal Hai (1997)",
        [
            ("मेरा नाम", "mērā nām", "mera naam"),
            ("तुम ही हो", "tum hī hō", "tum hi ho"),
            ("दिल से", "dil sē", "dil se"),
            ("कभी कभी", "kabhī kabhī", "kabhi kabhi"),
            ("तेरे बिना", "tērē binā", "tere bina"),
            ("जीना जीना", "jīnā jīnā", "jeena jeena"),
            ("चाँद", "cām̐d", "chaand"),
            ("आज की रात", "āj kī rāt", "aaj ki raat"),
            ("ज़िंदगी", "ziṁdagī", "zindagi"),
            ("प्यार हुआ चुपके से", "pyār huā cupkē sē", "pyaar hua chupke se"),
            ("दुनिया", "duniyā", "duniya"),
            ("मोहब्बत", "mōhabbat", "mohabbat"),
            ("सपना जहाँ", "sapnā jahām̐", "sapna jahan"),
            ("पानी", "pānī", "paani"),
            ("दिल में हो तुम", "dil mēṁ hō tum", "dil mein ho tum"),
            ("नहीं सामने", "nahīṁ sāmnē", "nahin saamne"),
            ("आशिक़ी", "āśiqī", "aashiqui"),
            ("कुछ कुछ होता है", "kuch kuch hōtā hai", "kuch kuch hota hai"),
            ("तेरे नाम", "tērē nām", "tere naam"),
            ("रंग दे बसंती", "raṁg dē basaṁtī", "rang de basanti"),
            ("दिल तो पागल है", "dil tō pāgal hai", "dil to pagal hai"),
        ],
    ),
    "Odia": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table (Odia keeps its inherent vowel; ଯ y, ୟ ẏ, ଳ ḷ, ଡ଼ ṛ, and "
        "a:u where a and u meet). Readable: the Latin-script titles as released: Sita Bibaha (1936), Lalita "
        "(1949), Nua Bou (1962), Suryamukhi (1963), Amada Bata (1964), Matira Manisha (1966), Arundhati "
        "(1967), Sindura Bindu (1976), Maya Miriga (1984), Bhukha (1989), Shesha Drushti (1997), Daman "
        "(2022); the state song Bande Utkala Janani and the song Rangabati (1975); Odisha and Odia as the "
        "Constitution writes them since 2011; Chilika and Puri as the state writes them; Sambalpuri, "
        "Gotipua, Chhau (UNESCO's list, 2010), Pattachitra and Rasagola (the Geographical Indications "
        "registry, 2008 and 2019)",
        [
            ("ସୀତା ବିବାହ", "sītā bibāha", "sita bibaha"),
            ("ଲଳିତା", "laḷitā", "lalita"),
            ("ନୂଆ ବୋଉ", "nūā bōu", "nua bou"),
            ("ସୂର୍ଯ୍ୟମୁଖୀ", "sūryẏamukhī", "suryamukhi"),
            ("ଅମଡ଼ା ବାଟ", "amaṛā bāṭa", "amada bata"),
            ("ମାଟିର ମଣିଷ", "māṭira maṇiṣa", "matira manisha"),
            ("ଅରୁନ୍ଧତୀ", "arundhatī", "arundhati"),
            ("ସିନ୍ଦୂର ବିନ୍ଦୁ", "sindūra bindu", "sindura bindu"),
            ("ମାୟା ମିରିଗ", "māẏā miriga", "maya miriga"),
            ("ଭୁଖା", "bhukhā", "bhukha"),
            ("ଶେଷ ଦୃଷ୍ଟି", "śēṣa dr̥ṣṭi", "shesha drushti"),
            ("ଦମନ", "damana", "daman"),
            ("ବନ୍ଦେ ଉତ୍କଳ ଜନନୀ", "bandē utkaḷa jananī", "bande utkala janani"),
            ("ରଙ୍ଗବତୀ", "raṅgabatī", "rangabati"),
            ("ଓଡ଼ିଶା", "ōṛiśā", "odisha"),
            ("ଓଡ଼ିଆ", "ōṛiā", "odia"),
            ("ଚିଲିକା", "cilikā", "chilika"),
            ("ପୁରୀ", "purī", "puri"),
            ("ସମ୍ବଲପୁରୀ", "sambalapurī", "sambalpuri"),
            ("ଗୋଟିପୁଅ", "gōṭipua", "gotipua"),
            ("ଛଉ", "cha:u", "chhau"),
            ("ପଟ୍ଟଚିତ୍ର", "paṭṭacitra", "pattachitra"),
            ("ରସଗୋଲା", "rasagōlā", "rasagola"),
        ],
    ),
    "Bhojpuri": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel as Bhojpuri says it (a:i where a and "
        "i meet). Readable: the Latin-script titles as released: Ganga Maiyya Tohe Piyari Chadhaibo (1963), "
        "Bidesiya (1963), Balam Pardesia (1979), Dharti Maiya (1981), Hamar Bhauji (1983), Ganga Kinare Mora "
        "Gaon (1983), Piya Ke Gaon (1985), Dulha Ganga Paar Ke (1986), Sasura Bada Paisawala (2004), Kab Hoi "
        "Gawanwa Hamar (2005), Pandit Ji Batai Na Biyah Kab Hoi (2005), Ganga (2006), Nirahua Rickshawala "
        "(2008), Devra Bada Satawela (2010), Nirahua Hindustani (2014); Bhikhari Thakur as his plays are "
        "published; the folk forms as Sangeet Natak Akademi writes them: Birha, Kajri, Chaita, Sohar, "
        "Launda Naach; Chhath as the Bihar government writes it",
        [
            ("गंगा मैया तोहे पियरी चढ़इबो", "gaṁgā maiyā tōhē piyarī caṛha:ibō", "ganga maiyya tohe piyari chadhaibo"),
            ("बिदेसिया", "bidēsiyā", "bidesiya"),
            ("बलम परदेसिया", "balam pardēsiyā", "balam pardesia"),
            ("धरती मैया", "dhartī maiyā", "dharti maiya"),
            ("हमार भौजी", "hamār bhaujī", "hamar bhauji"),
            ("गंगा किनारे मोरा गाँव", "gaṁgā kinārē mōrā gām̐v", "ganga kinare mora gaon"),
            ("पिया के गाँव", "piyā kē gām̐v", "piya ke gaon"),
            ("दुलहा गंगा पार के", "dulhā gaṁgā pār kē", "dulha ganga paar ke"),
            ("ससुरा बड़ा पइसावाला", "sasurā baṛā pa:isāvālā", "sasura bada paisawala"),
            ("कब होई गवनवा हमार", "kab hōī gavanvā hamār", "kab hoi gawanwa hamar"),
            ("पंडित जी बताईं ना बियाह कब होई", "paṁḍit jī batāīṁ nā biyāh kab hōī", "pandit ji batai na biyah kab hoi"),
            ("गंगा", "gaṁgā", "ganga"),
            ("निरहुआ रिक्शावाला", "nirahuā rikśāvālā", "nirahua rickshawala"),
            ("देवरा बड़ा सतावेला", "dēvrā baṛā satāvēlā", "devra bada satawela"),
            ("निरहुआ हिंदुस्तानी", "nirahuā hiṁdustānī", "nirahua hindustani"),
            ("भिखारी ठाकुर", "bhikhārī ṭhākur", "bhikhari thakur"),
            ("बिरहा", "birhā", "birha"),
            ("कजरी", "kajrī", "kajri"),
            ("चैता", "caitā", "chaita"),
            ("सोहर", "sōhar", "sohar"),
            ("लौंडा नाच", "lauṁḍā nāc", "launda naach"),
            ("छठ", "chaṭh", "chhath"),
        ],
    ),
    "Rajasthani": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel as Rajasthani says it. Readable: the "
        "songs as recorded and released: Kesariya Balam Padharo Mhare Des (Allah Jilai Bai), Bai Chali "
        "Sasariye (1988), Ghoomar (Padmaavat, 2018), Nimbooda (Hum Dil De Chuke Sanam, 1999), Gorband, "
        "Chirmi and Panihari (folk songs as their records title them), Dharti Dhoran Ri (Kanhaiyalal "
        "Sethia); Kalbelia as UNESCO's list writes it (2010); Rajasthan, Jodhpur, Pushkar, Bikaner, "
        "Jaisalmer, Ajmer, Kota, Marwar and Mewar as the state writes them; Haveli, Dal Baati Churma and "
        "Mirchi Bada as its tourism department does",
        [
            ("केसरिया बालम", "kēsariyā bālam", "kesariya balam"),
            ("पधारो म्हारे देस", "padhārō mhārē dēs", "padharo mhare des"),
            ("बाई चाली सासरिये", "bāī cālī sāsariyē", "bai chali sasariye"),
            ("घूमर", "ghūmar", "ghoomar"),
            ("गोरबंद", "gōrbaṁd", "gorband"),
            ("निम्बुड़ा", "nimbuṛā", "nimbooda"),
            ("चिरमी", "cirmī", "chirmi"),
            ("पणिहारी", "paṇihārī", "panihari"),
            ("धरती धोरां री", "dhartī dhōrāṁ rī", "dharti dhoran ri"),
            ("कालबेलिया", "kālbēliyā", "kalbelia"),
            ("राजस्थान", "rājasthān", "rajasthan"),
            ("जोधपुर", "jōdhpur", "jodhpur"),
            ("पुष्कर", "puṣkar", "pushkar"),
            ("बीकानेर", "bīkānēr", "bikaner"),
            ("जैसलमेर", "jaisalmēr", "jaisalmer"),
            ("अजमेर", "ajmēr", "ajmer"),
            ("कोटा", "kōṭā", "kota"),
            ("मारवाड़", "mārvāṛ", "marwar"),
            ("मेवाड़", "mēvāṛ", "mewar"),
            ("हवेली", "havēlī", "haveli"),
            ("दाल बाटी चूरमा", "dāl bāṭī cūrmā", "dal baati churma"),
            ("मिर्ची बड़ा", "mircī baṛā", "mirchi bada"),
        ],
    ),
    "Maithili": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel as Maithili says it. Readable: "
        "the films as released: Kanyadan (1965), Mithila Makhaan (2016); Vidyapati and his Jay Jay "
        "Bhairavi; Madhubani, Sikki and Makhana as the Geographical Indications registry writes them; "
        "the folk forms Kohbar, Jhijhiya, Salhes, Sama Chakeva and Paag as the Sangeet Natak Akademi and "
        "the state write them; Darbhanga, Janakpur, Saharsa, Samastipur, Supaul and Sitamarhi as Bihar "
        "and Nepal write them; Tirhuta as Unicode names the script; Maithili as the Eighth Schedule of "
        "the Constitution; Chhath as the Bihar government writes it",
        [
            ("कन्यादान", "kanyādān", "kanyadan"),
            ("मिथिला मखान", "mithilā makhān", "mithila makhaan"),
            ("मिथिला", "mithilā", "mithila"),
            ("मधुबनी", "madhubanī", "madhubani"),
            ("विद्यापति", "vidyāpati", "vidyapati"),
            ("जय जय भैरवि", "jay jay bhairavi", "jay jay bhairavi"),
            ("कोहबर", "kōhbar", "kohbar"),
            ("झिझिया", "jhijhiyā", "jhijhiya"),
            ("सिक्की", "sikkī", "sikki"),
            ("मखाना", "makhānā", "makhana"),
            ("सलहेस", "salhēs", "salhes"),
            ("दरभंगा", "darbhaṁgā", "darbhanga"),
            ("जनकपुर", "janakpur", "janakpur"),
            ("सहरसा", "saharsā", "saharsa"),
            ("समस्तीपुर", "samastīpur", "samastipur"),
            ("सुपौल", "supaul", "supaul"),
            ("तिरहुता", "tirhutā", "tirhuta"),
            ("मैथिली", "maithilī", "maithili"),
            ("पाग", "pāg", "paag"),
            ("सीतामढ़ी", "sītāmaṛhī", "sitamarhi"),
            ("सामा चकेवा", "sāmā cakēvā", "sama chakeva"),
            ("छठ", "chaṭh", "chhath"),
        ],
    ),
    "Haryanvi": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel as Haryanvi says it. Readable: the "
        "films and songs as released: Chandrawal (1984), Laado (2000), Pagdi The Honour (2014), Satrangi "
        "(2016), Chhoriyan Chhoron Se Kam Nahi Hoti (2019), Dhakad Chhori, Chatak Matak (2020), Gajban, "
        "Bahu Kale Ki; Haryana and its districts as the state writes them: Rohtak, Hisar, Panipat, "
        "Sonipat, Bhiwani, Rewari, Kurukshetra, Jind, Kaithal, Karnal, Ambala, Faridabad, Palwal",
        [
            ("चंद्रावल", "caṁdrāval", "chandrawal"),
            ("लाडो", "lāḍō", "laado"),
            ("पगड़ी", "pagṛī", "pagdi"),
            ("सतरंगी", "satraṁgī", "satrangi"),
            ("छोरियाँ छोरों से कम नहीं होती", "chōriyām̐ chōrōṁ sē kam nahīṁ hōtī", "chhoriyan chhoron se kam nahi hoti"),
            ("धाकड़ छोरी", "dhākaṛ chōrī", "dhakad chhori"),
            ("चटक मटक", "caṭak maṭak", "chatak matak"),
            ("गजबण", "gajbaṇ", "gajban"),
            ("बहू काले की", "bahū kālē kī", "bahu kale ki"),
            ("हरियाणा", "hariyāṇā", "haryana"),
            ("रोहतक", "rōhtak", "rohtak"),
            ("हिसार", "hisār", "hisar"),
            ("पानीपत", "pānīpat", "panipat"),
            ("सोनीपत", "sōnīpat", "sonipat"),
            ("भिवानी", "bhivānī", "bhiwani"),
            ("रेवाड़ी", "rēvāṛī", "rewari"),
            ("कुरुक्षेत्र", "kurukṣētra", "kurukshetra"),
            ("जींद", "jīṁd", "jind"),
            ("कैथल", "kaithal", "kaithal"),
            ("करनाल", "karnāl", "karnal"),
            ("अंबाला", "aṁbālā", "ambala"),
            ("फ़रीदाबाद", "farīdābād", "faridabad"),
            ("पलवल", "palval", "palwal"),
        ],
    ),
    "Chhattisgarhi": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel as Chhattisgarhi says it. "
        "Readable: the films as released: Kahi Debe Sandes (1965), Ghar Dwar (1971); the folk forms as the "
        "Sangeet Natak Akademi writes them: Panthi, Raut Nacha, Sua, Karma, Pandavani, and Teejan Bai, "
        "its singer; Chhattisgarh, its cities and its river as the state writes them: Raipur, Bilaspur, "
        "Durg, Bhilai, Bastar, Korba, Rajnandgaon, Jagdalpur, Raigarh, Ambikapur, Dhamtari, Mainpat, "
        "Mahanadi",
        [
            ("कही देबे संदेस", "kahī dēbē saṁdēs", "kahi debe sandes"),
            ("घर द्वार", "ghar dvār", "ghar dwar"),
            ("छत्तीसगढ़", "chattīsgaṛh", "chhattisgarh"),
            ("रायपुर", "rāypur", "raipur"),
            ("बिलासपुर", "bilāspur", "bilaspur"),
            ("दुर्ग", "durg", "durg"),
            ("भिलाई", "bhilāī", "bhilai"),
            ("बस्तर", "bastar", "bastar"),
            ("कोरबा", "kōrbā", "korba"),
            ("राजनांदगांव", "rājnāṁdgāṁv", "rajnandgaon"),
            ("जगदलपुर", "jagdalpur", "jagdalpur"),
            ("रायगढ़", "rāygaṛh", "raigarh"),
            ("अंबिकापुर", "aṁbikāpur", "ambikapur"),
            ("धमतरी", "dhamtarī", "dhamtari"),
            ("मैनपाट", "mainpāṭ", "mainpat"),
            ("महानदी", "mahānadī", "mahanadi"),
            ("पंथी", "paṁthī", "panthi"),
            ("राउत नाचा", "rāut nācā", "raut nacha"),
            ("सुआ", "suā", "sua"),
            ("करमा", "karmā", "karma"),
            ("पंडवानी", "paṁḍavānī", "pandavani"),
            ("तीजन बाई", "tījan bāī", "teejan bai"),
        ],
    ),
    "Malayalam": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table (Malayalam keeps its inherent vowel; a chillu is its "
        "consonant). Readable: the Latin-script titles as released: Chemmeen (1965), Oru Vadakkan Veeragatha "
        "(1989), Thoovanathumbikal (1987), Nadodikkattu (1987), Chithram (1988), Kireedam (1989), Kilukkam "
        "(1991), Manichitrathazhu (1993), Spadikam (1995), Vanaprastham (1999), Perumazhakkalam (2004), "
        "Thanmathra (2005), Drishyam (2013), Premam (2015) and its song Malare, Maheshinte Prathikaaram "
        "(2016), Jimikki Kammal (2017), Kumbalangi (Kumbalangi Nights, 2019), Bramayugam (2024), Aavesham "
        "(2024)",
        [
            ("മണിച്ചിത്രത്താഴ്", "maṇiccitrattāḻ", "manichitrathazhu"),
            ("ദൃശ്യം", "dr̥śyaṁ", "drishyam"),
            ("പ്രേമം", "prēmaṁ", "premam"),
            ("ചെമ്മീൻ", "cemmīn", "chemmeen"),
            ("കിരീടം", "kirīṭaṁ", "kireedam"),
            ("കിലുക്കം", "kilukkaṁ", "kilukkam"),
            ("തന്മാത്ര", "tanmātra", "thanmathra"),
            ("സ്ഫടികം", "sphaṭikaṁ", "spadikam"),
            ("ആവേശം", "āvēśaṁ", "aavesham"),
            ("ഭ്രമയുഗം", "bhramayugaṁ", "bramayugam"),
            ("ജിമിക്കി കമ്മൽ", "jimikki kammal", "jimikki kammal"),
            ("മലരേ", "malarē", "malare"),
            ("തൂവാനത്തുമ്പികൾ", "tūvānattumpikaḷ", "thoovanathumbikal"),
            ("നാടോടിക്കാറ്റ്", "nāṭōṭikkāṟṟ", "nadodikkattu"),
            ("പെരുമഴക്കാലം", "perumaḻakkālaṁ", "perumazhakkalam"),
            ("മഹേഷിന്റെ പ്രതികാരം", "mahēṣinṟe pratikāraṁ", "maheshinte prathikaaram"),
            ("ഒരു വടക്കൻ വീരഗാഥ", "oru vaṭakkan vīragātha", "oru vadakkan veeragatha"),
            ("കുമ്പളങ്ങി", "kumpaḷaṅṅi", "kumbalangi"),
            ("വാനപ്രസ്ഥം", "vānaprasthaṁ", "vanaprastham"),
            ("ചിത്രം", "citraṁ", "chithram"),
        ],
    ),
    "Mandarin Chinese": ReferenceSet(
        "Standard: Hanyu Pinyin as the Xiandai Hanyu Cidian (7th ed.) reads each word, one syllable apart, "
        "neutral tones unmarked. Readable: the same without tones, ü written yu after n and l as GB/T "
        "28039-2011 writes it; song titles: Yue Liang Dai Biao Wo De Xin (Teresa Teng, 1977), Tian Mi Mi "
        "(1979), Peng You (Emil Chau, 1997), Xiao Ping Guo (Chopstick Brothers, 2014), Lao Shu Ai Da Mi "
        "(2004), Dong Feng Po (Jay Chou, 2003), Qing Hua Ci (2007), Dao Xiang (2008), Hou Lai (Rene Liu, 2000), "
        "Tong Hua (Guang Liang, 2005), Qian Li Zhi Wai (2006), Wo De Zu Guo (1956), Mo Li Hua",
        [
            ("我爱你", "wǒ ài nǐ", "wo ai ni"),
            ("月亮代表我的心", "yuè liang dài biǎo wǒ de xīn", "yue liang dai biao wo de xin"),
            ("甜蜜蜜", "tián mì mì", "tian mi mi"),
            ("朋友", "péng you", "peng you"),
            ("快乐", "kuài lè", "kuai le"),
            ("音乐", "yīn yuè", "yin yue"),
            ("女人", "nǚ rén", "nyu ren"),
            ("长大", "zhǎng dà", "zhang da"),
            ("重新开始", "chóng xīn kāi shǐ", "chong xin kai shi"),
            ("银行", "yín háng", "yin hang"),
            ("行走", "xíng zǒu", "xing zou"),
            ("你好", "nǐ hǎo", "ni hao"),
            ("小苹果", "xiǎo píng guǒ", "xiao ping guo"),
            ("老鼠爱大米", "lǎo shǔ ài dà mǐ", "lao shu ai da mi"),
            ("东风破", "dōng fēng pò", "dong feng po"),
            ("青花瓷", "qīng huā cí", "qing hua ci"),
            ("稻香", "dào xiāng", "dao xiang"),
            ("后来", "hòu lái", "hou lai"),
            ("童话", "tóng huà", "tong hua"),
            ("千里之外", "qiān lǐ zhī wài", "qian li zhi wai"),
            ("我的祖国", "wǒ de zǔ guó", "wo de zu guo"),
            ("茉莉花", "mò lì huā", "mo li hua"),
        ],
    ),
    "Japanese": ReferenceSet(
        "Hepburn as Kenkyūsha's New Japanese-English Dictionary writes it (particles wa, e, o), long vowels "
        "as spelled in kana (ou), the form Japanese lyric sites use; titles as released: Sekai ni Hitotsu "
        "Dake no Hana (SMAP, 2003), Kimi no Na wa (2016), Sakura (Ikimono-gakari, 2006), Ue o Muite Arukou "
        "(Kyu Sakamoto, 1961), Yoru ni Kakeru (YOASOBI, 2019), Kawa no Nagare no You ni (Hibari Misora, 1989), "
        "Toki no Nagare ni Mi o Makase (Teresa Teng, 1986), Kitaguni no Haru (1977), Kanpai (1980), Himawari "
        "no Yakusoku (2014), Umi no Koe (2015), Chiisana Koi no Uta (2001), Ai o Komete Hanataba o (2008), "
        "Haru yo, Koi (1994), Makenaide (1993), Mirai e (1998), Ashita ga Aru sa (1963). Titles read as the "
        "artist chose rather than as the characters are read (紅蓮華 Gurenge) are not used: only the "
        "artist's furigana can give them",
        [
            ("世界に一つだけの花", "sekai ni hitotsu dake no hana", "sekai ni hitotsu dake no hana"),
            ("君の名は", "kimi no na wa", "kimi no na wa"),
            ("さくら", "sakura", "sakura"),
            ("上を向いて歩こう", "ue o muite arukou", "ue o muite arukou"),
            ("君の名前は何ですか", "kimi no namae wa nan desu ka", "kimi no namae wa nan desu ka"),
            ("私はあなたを愛してる", "watashi wa anata o aishiteru", "watashi wa anata o aishiteru"),
            ("学校へ行こう", "gakkou e ikou", "gakkou e ikou"),
            ("ありがとう", "arigatou", "arigatou"),
            ("夢を見ていた", "yume o mite ita", "yume o mite ita"),
            ("お父さん", "otousan", "otousan"),
            *(
                (title, roman, roman)
                for title, roman in [
                    ("夜に駆ける", "yoru ni kakeru"),
                    ("川の流れのように", "kawa no nagare no you ni"),
                    ("時の流れに身をまかせ", "toki no nagare ni mi o makase"),
                    ("北国の春", "kitaguni no haru"),
                    ("乾杯", "kanpai"),
                    ("ひまわりの約束", "himawari no yakusoku"),
                    ("海の声", "umi no koe"),
                    ("小さな恋のうた", "chiisana koi no uta"),
                    ("愛をこめて花束を", "ai o komete hanataba o"),
                    ("春よ、来い", "haru yo, koi"),
                    ("負けないで", "makenaide"),
                    ("未来へ", "mirai e"),
                    ("明日があるさ", "ashita ga aru sa"),
                ]
            ),
        ],
    ),
    "Arabic": ReferenceSet(
        "Standard: the ALA-LC Arabic romanization table (Library of Congress, 2012) applied to each title as "
        "written, read in pause (no case endings), the article al- and the conjunction wa- joined by a hyphen. "
        "Readable: the titles as released in Latin letters: Umm Kulthum's Enta Omri (1964), Sirat El Hob "
        "(1964), Amal Hayati (1965), Al Atlal (1966), Fakarouni (1966), Alf Leila wa Leila (1969), Aghadan "
        "Alqak (1971); Fairuz's Zourouni Kol Sana Marra, Li Beirut, Nassam Alayna El Hawa, Kifak Inta (1991), "
        "Ana La Habibi; Abdel Halim Hafez's Ahwak, Sawah; Warda's Batwanes Beek (1979); Amr Diab's Habibi Ya "
        "Nour El Ain (1996), Tamally Maak (2000); the muwashshah Lamma Bada Yatathanna; Ya Leil Ya Ein; Ala "
        "Bali; El Oyoun El Soud. Several are colloquial (إنت inta, بتونس batwannis), which a reading of "
        "standard Arabic does not give",
        [
            ("إنت عمري", "inta ʻumrī", "enta omri"),
            ("الأطلال", "al-aṭlāl", "al atlal"),
            ("ألف ليلة وليلة", "alf laylah wa-laylah", "alf leila wa leila"),
            ("أمل حياتي", "amal ḥayātī", "amal hayati"),
            ("فكروني", "fakkarūnī", "fakarouni"),
            ("سيرة الحب", "sīrat al-ḥubb", "sirat el hob"),
            ("أغدا ألقاك", "aghadan alqāk", "aghadan alqak"),
            ("زوروني كل سنة مرة", "zūrūnī kull sanah marrah", "zourouni kol sana marra"),
            ("لما بدا يتثنى", "lammā badā yatathanná", "lamma bada yatathanna"),
            ("أهواك", "ahwāk", "ahwak"),
            ("سواح", "sawwāḥ", "sawah"),
            ("تملي معاك", "tamallī maʻāk", "tamally maak"),
            ("حبيبي يا نور العين", "ḥabībī yā nūr al-ʻayn", "habibi ya nour el ain"),
            ("يا ليل يا عين", "yā layl yā ʻayn", "ya leil ya ein"),
            ("على بالي", "ʻalá bālī", "ala bali"),
            ("العيون السود", "al-ʻuyūn al-sūd", "el oyoun el soud"),
            ("نسم علينا الهوى", "nassam ʻalaynā al-hawá", "nassam alayna el hawa"),
            ("كيفك إنت", "kīfak inta", "kifak inta"),
            ("بتونس بيك", "batwannis bīk", "batwanes beek"),
            ("لبيروت", "li-bayrūt", "li beirut"),
            ("أنا لحبيبي", "anā li-ḥabībī", "ana la habibi"),
        ],
    ),
    "Urdu": ReferenceSet(
        "Standard: the ALA-LC Urdu romanization table (Library of Congress, 2011: v for و, ṉ for nūn "
        "ghunnah, -ah and -ih for a final ہ after a short vowel), the readings as Platts' Dictionary of Urdu, "
        "Classical Hindi and English (1884) gives them. Readable: the titles as released in Latin letters: "
        "Dil Dil Pakistan (Vital Signs, 1987), Jeevay Jeevay Pakistan (1971), Afreen Afreen (Nusrat Fateh Ali "
        "Khan, 1996), Yeh Jo Halka Halka Suroor Hai, Mera Piya Ghar Aaya, Chaap Tilak, Dama Dam Mast Qalandar, "
        "Aaj Jaane Ki Zid Na Karo (Farida Khanum), Ranjish Hi Sahi (Mehdi Hassan), Chupke Chupke Raat Din "
        "(Ghulam Ali), Hungama Hai Kyon Barpa (Ghulam Ali), Gulon Mein Rang Bhare (Mehdi Hassan), Hum Dekhenge, "
        "Bol Ke Lab Azad Hain Tere and Mujh Se Pehli Si Mohabbat (Faiz), Lambi Judai (Reshma), Yaad Piya Ki Aaye, "
        "Tere Bin Nahin Lagda, Pasoori (Coke Studio, 2022), Dil Diyan Gallan. Written before the lexicon in "
        "verse_engine/urdu_words.tsv; the lexicon's content words that only these titles would bring were "
        "left out of it",
        [
            ("دل دل پاکستان", "dil dil pākistān", "dil dil pakistan"),
            ("آفریں آفریں", "āfrīṉ āfrīṉ", "afreen afreen"),
            ("دما دم مست قلندر", "damā dam mast qalandar", "dama dam mast qalandar"),
            ("پسوڑی", "pasūṛī", "pasoori"),
            ("یہ جو ہلکا ہلکا سرور ہے", "yih jo halkā halkā surūr hai", "yeh jo halka halka suroor hai"),
            ("میرا پیا گھر آیا", "merā piyā ghar āyā", "mera piya ghar aaya"),
            ("تیرے بن نہیں لگدا", "tere bin nahīṉ lagdā", "tere bin nahin lagda"),
            ("چاپ تلک", "chāp tilak", "chaap tilak"),
            ("ہم دیکھیں گے", "ham dekheṉge", "hum dekhenge"),
            ("آج جانے کی ضد نہ کرو", "āj jāne kī ẓid nah karo", "aaj jaane ki zid na karo"),
            ("رنجش ہی سہی", "ranjish hī sahī", "ranjish hi sahi"),
            ("چپکے چپکے رات دن", "chupke chupke rāt din", "chupke chupke raat din"),
            ("ہنگامہ ہے کیوں برپا", "hangāmah hai kyoṉ barpā", "hungama hai kyon barpa"),
            ("گلوں میں رنگ بھرے", "guloṉ meṉ rang bhare", "gulon mein rang bhare"),
            ("بول کہ لب آزاد ہیں تیرے", "bol kih lab āzād haiṉ tere", "bol ke lab azad hain tere"),
            ("مجھ سے پہلی سی محبت", "mujh se pahlī sī muḥabbat", "mujh se pehli si mohabbat"),
            ("جیوے جیوے پاکستان", "jīve jīve pākistān", "jeevay jeevay pakistan"),
            ("لمبی جدائی", "lambī judāʼī", "lambi judai"),
            ("یاد پیا کی آئے", "yād piyā kī āʼe", "yaad piya ki aaye"),
            ("دل دیاں گلاں", "dil diyāṉ gallāṉ", "dil diyan gallan"),
        ],
    ),
    "Assamese": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table (ব b, ৰ r, ৱ v, য y, য় ẏ, ড় ṛ), the inherent vowel dropped "
        "where Assamese drops it (docs/languages.md). Readable: the names of Assam's districts and their "
        "seats as the Government of Assam writes them in Latin script: Guwahati, Dibrugarh, Jorhat, Tezpur, "
        "Sivasagar, Nagaon, Barpeta, Dhubri, Golaghat, Lakhimpur, Kamrup, Majuli, Tinsukia, Silchar, "
        "Karimganj, Bongaigaon, Nalbari, Morigaon, Darrang, Goalpara, Kokrajhar, Udalguri, Chirang, Hojai, "
        "Cachar, Dhemaji, Baksa, Sonitpur, Charaideo, Hailakandi, Biswanath",
        [
            ("গুৱাহাটী", "guvāhāṭī", "guwahati"),
            ("ডিব্ৰুগড়", "ḍibrugaṛ", "dibrugarh"),
            ("যোৰহাট", "yōrhāṭ", "jorhat"),
            ("তেজপুৰ", "tējpur", "tezpur"),
            ("শিৱসাগৰ", "śivsāgar", "sivasagar"),
            ("নগাঁও", "nagām̐ō", "nagaon"),
            ("বৰপেটা", "barpēṭā", "barpeta"),
            ("ধুবুৰী", "dhuburī", "dhubri"),
            ("গোলাঘাট", "gōlāghāṭ", "golaghat"),
            ("লখিমপুৰ", "lakhimpur", "lakhimpur"),
            ("কামৰূপ", "kāmrūp", "kamrup"),
            ("মাজুলী", "mājulī", "majuli"),
            ("তিনিচুকীয়া", "tinicukīẏā", "tinsukia"),
            ("শিলচৰ", "śilcar", "silchar"),
            ("কৰিমগঞ্জ", "karimgañj", "karimganj"),
            ("বঙাইগাঁও", "baṅāigām̐ō", "bongaigaon"),
            ("নলবাৰী", "nalbārī", "nalbari"),
            ("মৰিগাঁও", "marigām̐ō", "morigaon"),
            ("দৰং", "daraṁ", "darrang"),
            ("গোৱালপাৰা", "gōvālpārā", "goalpara"),
            ("কোকৰাঝাৰ", "kōkrājhār", "kokrajhar"),
            ("উদালগুৰি", "udālguri", "udalguri"),
            ("চিৰাং", "cirāṁ", "chirang"),
            ("হোজাই", "hōjāi", "hojai"),
            ("কাছাৰ", "kāchār", "cachar"),
            ("ধেমাজি", "dhēmāji", "dhemaji"),
            ("বাক্সা", "bāksā", "baksa"),
            ("শোণিতপুৰ", "śōṇitpur", "sonitpur"),
            ("চৰাইদেউ", "carāidēu", "charaideo"),
            ("হাইলাকান্দি", "hāilākāndi", "hailakandi"),
            ("বিশ্বনাথ", "biśbanāth", "biswanath"),
        ],
    ),
    "Kashmiri": ReferenceSet(
        "Readable only: Wiktionary's Kashmiri entries that give a transcription (Category:Kashmiri terms "
        "with IPA pronunciation and Kashmiri lemmas, as listed in r12a's Arabic-script notes), each entry "
        "once, in the transcription they give (after each line) without its marks: ā a, ạ a, ụ u, ś sh, "
        "ċ ts, c ch and ch chh, the palatal ' dropped; a few entries use a plainer notation, read the same "
        "way (a: a, A a, I u, T t, ~ n, > o). The standard form is not scored: Verse's is ALA-LC's "
        "consonants, which Wiktionary's transcription is not",
        [
            ("آشیٚنؠ", None, "ashen"),  # āśen'
            ("آلَو", None, "alav"),  # ālav
            ("آوٕرُن", None, "avurun"),  # āvụrun
            ("آوٕسُن", None, "avusun"),  # āvụsun
            ("آپراوُن", None, "apravun"),  # āprāvun
            ("آگُر", None, "agur"),  # āgur
            ("أنْجیٖر", None, "anjir"),  # ạnjīr
            ("أنْز", None, "anz"),  # ạnz
            ("أنْزِنؠ", None, "anzin"),  # ạnzin'
            ("ؤری", None, "wari"),  # wạrī
            ("اوٚبرَس ہؠتُن نار", None, "obras hyatun nar"),  # obras hyatun nār
            ("اوٚبُر", None, "obur"),  # obur
            ("اوٚدُر", None, "odur"),  # odur
            ("اوٚنْگٕج", None, "onguj"),  # ongụj
            ("اوٚڈ", None, "od"),  # oḍ
            ("اوٚژھ", None, "otsh"),  # oċh
            ("اوٚگُن", None, "ogun"),  # ogun
            ("اَباووٚز", None, "abavoz"),  # abāvoz
            ("اَبوٚد", None, "abod"),  # abod
            ("اَبوٚڈ", None, "abod"),  # aboḍ
            ("اَبیْوٚن", None, "abeon"),  # abeon
            ("اَرٕترْٕہ", None, "arutruh"),  # arụtrụٛh
            ("اَرٕشیٖتھ", None, "arushith"),  # arụśīth
            ("اَرٕوَنْزاہ", None, "aruvanzah"),  # arụvanzāh
            ("اَماپوٚز", None, "amapoz"),  # amāpoz
            ("اَنْدَر", None, "andar"),  # andar
            ("اَنْگریٖزی", None, "angrizi"),  # a~gri:zi:
            ("اَپوٚر", None, "apor"),  # apor
            ("اَپوٚز", None, "apoz"),  # apoz
            ("اَژھوٚل", None, "atshol"),  # aċhol
            ("اَکہٕ ترْٕہ", None, "akutruh"),  # akụtrụٛh
            ("اَکہٕ شیٖتھ", None, "akushith"),  # akụśīth
            ("اَکہٕ وَنْزاہ", None, "akuvanzah"),  # akụvanzāh
            ("بؠنتھٕر", None, "byanthur"),  # byanthụr
            ("بِلؠ بِچُر", None, "bil bichur"),  # bil' bicur
            ("بٲدرؠتھ", None, "badryath"),  # bạ̄dryath
            ("بٲدٕرپؠتھ", None, "badryath"),  # bạ̄dryath
            ("ترْےٚ ہَتھ", None, "tre hath"),  # tre hath
            ("ترْےٚ", None, "tre"),  # tre
            ("درُْے", None, "druy"),  # druy
            ("دَکھیُْن", None, "dakhyun"),  # dakhyun
            ("دُ ہٲٹھ", None, "duhath"),  # duhạ̄ṭh
            ("رؠکھ", None, "ryakh"),  # ryakh
            ("رؠے", None, "ryay"),  # ryay
            ("ریٚے", None, "rey"),  # rey
            ("زؠو", None, "zyav"),  # zyav
            ("زوٚن", None, "zon"),  # zon
            ("سؠکھ", None, "syakh"),  # syakh
            ("شیٖتھ", None, "shith"),  # śīth
            ("شےٚ ہَتھ", None, "se hat"),  # sé hat
            ("طوطہٕ", None, "totu"),  # tōtụ
            ("لؠو", None, "lyav"),  # lyav
            ("لؠوُن", None, "lyavun"),  # lyavun
            ("لؠکھ ژارٕنؠ", None, "lyakh tsarun"),  # lyakh ċārụn'
            ("لؠکھ", None, "lyakh"),  # lyakh
            ("مٲنْش", None, "mansh"),  # mạ̄nś
            ("وؠٹھُن", None, "vyathun"),  # vyaṭhun
            ("وَژھٕر", None, "vatshur"),  # vaċhụr
            ("وَہؠکھ", None, "vahyakh"),  # vahyakh
            ("پانْژھ", None, "pantsh"),  # pa~:tsh
            ("پَرُن", None, "parun"),  # parun
            ("ژؠتھ", None, "tsyath"),  # ċyath
            ("کرْوٗد", None, "krud"),  # krūd
            ("کرْوٗدی", None, "krudi"),  # krūdī
            ("کٲڈؠ", None, "kad"),  # kạ̄ḍ'
            ("کھؠن چؠن", None, "khyan chyan"),  # khyan cyan
            ("کؠوٚم", None, "kom"),  # k'om
            ("اکھؠوٗر", None, "akhur"),  # akh'ur
            ("اچھُر", None, "achhur"),  # achur
            ("ضٔمیٖر", None, "zamir"),  # zAmi:r
            ("حاجَتھ", None, "hajath"),  # ha:jath
            ("لاب", None, "lab"),  # la:b
            ("لالٕپھوٚل", None, "laluphol"),  # la:lIphol
            ("أش دَر", None, "ashdar"),  # Ashdar
            ("اُجرَتھ", None, "ujrath"),  # ujrath
            ("اوٗترٕ", None, "utru"),  # u:trI
            ("کَنْگُو", None, "kanguv"),  # ka~guv
            ("عَقٕل", None, "akul"),  # akIl
            ("عَکٕس", None, "akus"),  # ákIs
            ("کٲلؠ کؠَتھ", None, "kal kath"),  # kA:l' k'ath
            ("کَنیا دان", None, "kana dan"),  # kan'a: da:n
            ("کانْبَل", None, "kanmbal"),  # ka~:mbal
            ("گرٟسؠ باے", None, "grus bay"),  # grI:s' bay
            ("نَزرانٕہ", None, "nazranu"),  # nazra:nI
            ("بنْور", None, "bror"),  # bro:r
            ("بنْٲر", None, "brar"),  # brA:r
            ("دۄیُن", None, "doyun"),  # d>yun
            ("دَکھؠُن", None, "dakhun"),  # dakh'un
            ("تَپَسیٚا", None, "tapasa"),  # tapas'a:
            ("قوبوٗ", None, "kobu"),  # ko:bu:
            ("اَنْگریز", None, "angrez"),  # a~gre:z
            ("بَمٟہ ژوٗنْٹھ", None, "bamtsuth"),  # bamtsu:Th
            ("کھٔرؠ گی", None, "khargi"),  # khAr'gi:
            ("گُلؠ مؠوٗٹھ", None, "gulmuth"),  # gul'm'u:Th
            ("تَرنْگٟہ", None, "tarngu"),  # tarngI
            ("تَرجَمٕ", None, "tarjamu"),  # tarjamI
            ("توٚنب", None, "tomb"),  # tomb
            ("نَوُن تٕہ پھۄلن", None, "navun tu phlun"),  # navun tI phlun
            ("پٔزؠ یور", None, "pazyor"),  # pAz'yo:r
            ("پَرؠُن", None, "parun"),  # par'un
            ("بےٚ میل", None, "bemel"),  # beme:l
            ("لِکھٲے", None, "likhay"),  # likhA:y
            ("ثَخص", None, "shakhs"),  # shakhs
            ("شُےٚ", None, "she"),  # she
            ("سَنْگ", None, "sang"),  # sanɡ
            ("دُپاسے", None, "dupase"),  # dupa:se
            ("ظٲلِم", None, "zalim"),  # zA:lim
            ("ذاتھ", None, "zath"),  # za:th
            ("ذِکِر", None, "zikir"),  # zikir
            ("حُکُمران", None, "hukumran"),  # hukumra:n
            ("کھٔرؠ پھٕ", None, "kharphu"),  # khAr'phI
            ("کھٔرؠپھٕ", None, "kharphu"),  # khAr'phI
            ("آرادَنا", None, "aradana"),  # a:ra:dana:
            ("سۄاد", None, "sod"),  # s>:d
            ("ہیٖرو", None, "hiro"),  # hi:ro:
            ("باضے", None, "baze"),  # ba:ze:
            ("دَریاو", None, "daryav"),  # darya:v
            ("اِسلٲمی", None, "yislami"),  # (y)islA:mi:
        ],
    ),
    "Magahi": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel dropped as Hindi drops it "
        "(docs/languages.md). Readable: the language and its land as their speakers name them (Magahi, "
        "Magadh), and the towns where it is spoken, the districts and subdivisions of the Magadh and Patna "
        "divisions, as the Government of Bihar writes them in Latin script: Gaya, Bodh Gaya, Nalanda, "
        "Rajgir, Jehanabad, Nawada, Aurangabad, Arwal, Bihar Sharif, Sheikhpura, Lakhisarai, Jamui, Patna, "
        "Hilsa, Islampur, Tekari, Sherghati, Rafiganj, Daudnagar, Pawapuri, Barh, Masaurhi, Paliganj, "
        "Makhdumpur, Rajauli, Hisua",
        [
            ("मगही", "magahī", "magahi"),
            ("मगध", "magadh", "magadh"),
            ("गया", "gayā", "gaya"),
            ("बोध गया", "bōdh gayā", "bodh gaya"),
            ("नालंदा", "nālaṁdā", "nalanda"),
            ("राजगीर", "rājgīr", "rajgir"),
            ("जहानाबाद", "jahānābād", "jehanabad"),
            ("नवादा", "navādā", "nawada"),
            ("औरंगाबाद", "auraṁgābād", "aurangabad"),
            ("अरवल", "arval", "arwal"),
            ("बिहार शरीफ़", "bihār śarīf", "bihar sharif"),
            ("शेखपुरा", "śēkhpurā", "sheikhpura"),
            ("लखीसराय", "lakhīsarāy", "lakhisarai"),
            ("जमुई", "jamuī", "jamui"),
            ("पटना", "paṭnā", "patna"),
            ("हिलसा", "hilsā", "hilsa"),
            ("इस्लामपुर", "islāmpur", "islampur"),
            ("टेकारी", "ṭēkārī", "tekari"),
            ("शेरघाटी", "śērghāṭī", "sherghati"),
            ("रफ़ीगंज", "rafīgaṁj", "rafiganj"),
            ("दाउदनगर", "dāudnagar", "daudnagar"),
            ("पावापुरी", "pāvāpurī", "pawapuri"),
            ("बाढ़", "bāṛh", "barh"),
            ("मसौढ़ी", "masauṛhī", "masaurhi"),
            ("पालीगंज", "pālīgaṁj", "paliganj"),
            ("मखदुमपुर", "makhdumpur", "makhdumpur"),
            ("रजौली", "rajaulī", "rajauli"),
            ("हिसुआ", "hisuā", "hisua"),
        ],
    ),
    "Dogri": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel dropped as Hindi drops it "
        "(docs/languages.md). Readable: the language and its land as their speakers name them (Dogri, "
        "Duggar), and the districts and towns of the Jammu division, where it is spoken, as the Government "
        "of Jammu and Kashmir writes them in Latin script: Jammu, Kathua, Samba, Udhampur, Reasi, Ramban, "
        "Doda, Kishtwar, Rajouri, Poonch, Akhnoor, Billawar, Basohli, Hiranagar, Bishnah, Nagrota, Katra, "
        "Bhaderwah, Banihal, Sunderbani, Mendhar, Surankote, Ramnagar, Vijaypur, Majalta",
        [
            ("डोगरी", "ḍōgrī", "dogri"),
            ("डुग्गर", "ḍuggar", "duggar"),
            ("जम्मू", "jammū", "jammu"),
            ("कठुआ", "kaṭhuā", "kathua"),
            ("सांबा", "sāṁbā", "samba"),
            ("ऊधमपुर", "ūdhampur", "udhampur"),
            ("रियासी", "riyāsī", "reasi"),
            ("रामबन", "rāmban", "ramban"),
            ("डोडा", "ḍōḍā", "doda"),
            ("किश्तवाड़", "kiśtvāṛ", "kishtwar"),
            ("राजौरी", "rājaurī", "rajouri"),
            ("पुंछ", "puṁch", "poonch"),
            ("अखनूर", "akhnūr", "akhnoor"),
            ("बिलावर", "bilāvar", "billawar"),
            ("बसोहली", "basōhlī", "basohli"),
            ("हीरानगर", "hīrānagar", "hiranagar"),
            ("बिश्नाह", "biśnāh", "bishnah"),
            ("नगरोटा", "nagrōṭā", "nagrota"),
            ("कटड़ा", "kaṭṛā", "katra"),
            ("भद्रवाह", "bhadravāh", "bhaderwah"),
            ("बनिहाल", "banihāl", "banihal"),
            ("सुंदरबनी", "suṁdarbanī", "sunderbani"),
            ("मेंढर", "mēṁḍhar", "mendhar"),
            ("सुरनकोट", "surankōṭ", "surankote"),
            ("रामनगर", "rāmnagar", "ramnagar"),
            ("विजयपुर", "vijaypur", "vijaypur"),
            ("मजालता", "majāltā", "majalta"),
        ],
    ),
    "Santali": ReferenceSet(
        "Readable only: Wiktionary's Santali entries with a pronunciation (Category:Santali terms with IPA "
        "pronunciation, as listed in r12a's Ol Chiki notes), in Wiktionary's transliteration (Zide's: ᱚ ô, "
        "ᱟᱹ ă, ṅ, ñ, ṛ, and ᱜ ᱡ ᱫ ᱵ at a word's end k' c' t' p') without its marks, and with the conventions "
        "every Indian script's readable form shares: c ch, ñ n, ṅ ng where no velar follows, a nasal vowel's "
        "n (hãḍe hande); ol chiki as English writes the script's name. Wiktionary's v for ᱣ is kept (nôva, "
        "jivăli). The standard form, ALA-LC, is not scored: its table could not be read here",
        [
            ("ᱤᱧ", None, "in"),
            ("ᱟᱢ", None, "am"),
            ("ᱩᱱᱤ", None, "uni"),
            ("ᱟᱹᱞᱤᱧ", None, "alin"),
            ("ᱟᱞᱮ", None, "ale"),
            ("ᱟᱹᱵᱤᱱ", None, "abin"),
            ("ᱩᱱᱠᱩ", None, "unku"),
            ("ᱱᱚᱣᱟ", None, "nova"),
            ("ᱚᱱᱟ", None, "ona"),
            ("ᱱᱚᱰᱮ", None, "node"),
            ("ᱦᱟᱸᱰᱮ", None, "hande"),
            ("ᱚᱠᱚᱭ", None, "okoy"),
            ("ᱪᱮᱫ ᱞᱮᱠᱟᱛᱮ", None, "chet lekate"),
            ("ᱚᱠᱟᱨᱮ", None, "okare"),
            ("ᱛᱤᱨᱮ", None, "tire"),
            ("ᱛᱤᱥ", None, "tis"),
            ("ᱵᱟᱝ", None, "bang"),
            ("ᱡᱚᱛᱚ", None, "joto"),
            ("ᱡᱷᱚᱛᱚ", None, "jhoto"),
            ("ᱟᱭᱢᱟ", None, "ayma"),
            ("ᱟᱫᱚᱢ", None, "adom"),
            ("ᱛᱷᱚᱲᱟ", None, "thora"),
            ("ᱮᱴᱟᱜ", None, "etak"),
            ("ᱢᱤᱫ", None, "mit"),
            ("ᱵᱟᱨ", None, "bar"),
            ("ᱯᱮ", None, "pe"),
            ("ᱯᱩᱱ", None, "pun"),
            ("ᱢᱚᱬᱮ", None, "mone"),
            ("ᱛᱩᱨᱩᱭ", None, "turuy"),
            ("ᱮᱭᱟᱭ", None, "eyay"),
            ("ᱤᱨᱟᱹᱞ", None, "iral"),
            ("ᱟᱨᱮ", None, "are"),
            ("ᱜᱮᱞ", None, "gel"),
            ("ᱢᱟᱨᱟᱝ", None, "marang"),
            ("ᱡᱤᱞᱤᱧ", None, "jilin"),
            ("ᱚᱥᱟᱨ", None, "osar"),
            ("ᱤᱵᱤᱞ", None, "ibil"),
            ("ᱦᱟᱢᱟᱞ", None, "hamal"),
            ("ᱠᱟᱴᱤᱡ", None, "katich"),
            ("ᱦᱩᱰᱤᱧ", None, "hudin"),
            ("ᱠᱩᱲᱤ", None, "kuri"),
            ("ᱠᱚᱲᱟ", None, "kora"),
            ("ᱦᱚᱲ", None, "hor"),
            ("ᱜᱤᱫᱨᱟ", None, "gidra"),
            ("ᱦᱚᱯᱚᱱ", None, "hopon"),
            ("ᱵᱟᱦᱩ", None, "bahu"),
            ("ᱮᱨᱚ", None, "ero"),
            ("ᱡᱟᱶᱟᱭ", None, "jaway"),
            ("ᱜᱚᱜᱚ", None, "gogo"),
            ("ᱟᱭᱚ", None, "ayo"),
            ("ᱮᱝᱜᱚ", None, "engo"),
            ("ᱵᱟᱵᱟ", None, "baba"),
            ("ᱟᱯᱟ", None, "apa"),
            ("ᱡᱤᱣᱟᱹᱞᱤ", None, "jivali"),
            ("ᱦᱟᱹᱠᱩ", None, "haku"),
            ("ᱪᱮᱬᱮ", None, "chene"),
            ("ᱥᱮᱛᱟ", None, "seta"),
            ("ᱥᱤ", None, "si"),
            ("ᱵᱤᱝ", None, "bing"),
            ("ᱛᱤᱡᱩ", None, "tiju"),
            ("ᱚᱞ ᱪᱤᱠᱤ", None, "ol chiki"),
        ],
    ),
    "Tulu": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table for the Kannada script Tulu is written in (e and ē, o "
        "and ō apart; ḷ; the inherent vowel kept). Readable: the language and the arts of Tulu Nadu as "
        "Karnataka's tourism department and UNESCO's nominations write them (Tulu, Yakshagana, Kambala, "
        "Bhuta Kola, Pili Vesha), and its towns, the taluks of Dakshina Kannada and Udupi and Kasaragod, as "
        "the governments of Karnataka and Kerala write them in Latin script: Mangaluru, Udupi, Puttur, "
        "Karkala, Bantwal, Sullia, Belthangady, Kundapura, Surathkal, Ullal, Kasaragod, Dharmasthala, "
        "Kateel, Mulki, Brahmavar, Byndoor, Hebri, Vitla, Uppinangady",
        [
            ("ತುಳು", "tuḷu", "tulu"),
            ("ಯಕ್ಷಗಾನ", "yakṣagāna", "yakshagana"),
            ("ಕಂಬಳ", "kaṁbaḷa", "kambala"),
            ("ಭೂತ ಕೋಲ", "bhūta kōla", "bhuta kola"),
            ("ಪಿಲಿ ವೇಷ", "pili vēṣa", "pili vesha"),
            ("ಮಂಗಳೂರು", "maṁgaḷūru", "mangaluru"),
            ("ಉಡುಪಿ", "uḍupi", "udupi"),
            ("ಪುತ್ತೂರು", "puttūru", "puttur"),
            ("ಕಾರ್ಕಳ", "kārkaḷa", "karkala"),
            ("ಬಂಟ್ವಾಳ", "baṁṭvāḷa", "bantwal"),
            ("ಸುಳ್ಯ", "suḷya", "sullia"),
            ("ಬೆಳ್ತಂಗಡಿ", "beḷtaṁgaḍi", "belthangady"),
            ("ಕುಂದಾಪುರ", "kuṁdāpura", "kundapura"),
            ("ಸುರತ್ಕಲ್", "suratkal", "surathkal"),
            ("ಉಳ್ಳಾಲ", "uḷḷāla", "ullal"),
            ("ಕಾಸರಗೋಡು", "kāsaragōḍu", "kasaragod"),
            ("ಧರ್ಮಸ್ಥಳ", "dharmasthaḷa", "dharmasthala"),
            ("ಕಟೀಲು", "kaṭīlu", "kateel"),
            ("ಮೂಲ್ಕಿ", "mūlki", "mulki"),
            ("ಬ್ರಹ್ಮಾವರ", "brahmāvara", "brahmavar"),
            ("ಬೈಂದೂರು", "baiṁdūru", "byndoor"),
            ("ಹೆಬ್ರಿ", "hebri", "hebri"),
            ("ವಿಟ್ಲ", "viṭla", "vitla"),
            ("ಉಪ್ಪಿನಂಗಡಿ", "uppinaṁgaḍi", "uppinangady"),
        ],
    ),
    "Bengali": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel dropped where Bengali drops it "
        "(docs/languages.md). Readable: the Latin-script titles as released or as officially written: Amar "
        "Shonar Bangla (Tagore, 1905; the anthem of Bangladesh), Ekla Chalo Re (Tagore, 1905), Bande Mataram, "
        "Kolkata (the city's name since 2001), and Satyajit Ray's and others' films: Pather Panchali (1955), "
        "Aparajito (1956), Jalsaghar (1958), Parash Pathar (1958), Apur Sansar (1959), Meghe Dhaka Tara (1960), "
        "Abhijan (1962), Mahanagar (1963), Charulata (1964), Nayak (1966), Sonar Kella (1974), Hirak Rajar "
        "Deshe (1980), Ghare Baire (1984), Shakha Proshakha (1990), Agantuk (1991), Chokher Bali (2003)",
        [
            ("আমার সোনার বাংলা", "āmār sōnār bāṁlā", "amar shonar bangla"),
            ("একলা চলো রে", "ēklā calō rē", "ekla chalo re"),
            ("বন্দে মাতরম্", "bandē mātaram", "bande mataram"),
            ("কলকাতা", "kalkātā", "kolkata"),
            ("পথের পাঁচালী", "pathēr pām̐cālī", "pather panchali"),
            ("অপরাজিত", "aparājit", "aparajito"),
            ("জলসাঘর", "jalsāghar", "jalsaghar"),
            ("পরশ পাথর", "paraś pāthar", "parash pathar"),
            ("অপুর সংসার", "apur saṁsār", "apur sansar"),
            ("মেঘে ঢাকা তারা", "mēghē ḍhākā tārā", "meghe dhaka tara"),
            ("অভিযান", "abhiyān", "abhijan"),
            ("মহানগর", "mahānagar", "mahanagar"),
            ("চারুলতা", "cārulatā", "charulata"),
            ("নায়ক", "nāẏak", "nayak"),
            ("সোনার কেল্লা", "sōnār kēllā", "sonar kella"),
            ("হীরক রাজার দেশে", "hīrak rājār dēśē", "hirak rajar deshe"),
            ("ঘরে বাইরে", "gharē bāirē", "ghare baire"),
            ("শাখা প্রশাখা", "śākhā praśākhā", "shakha proshakha"),
            ("আগন্তুক", "āgantuk", "agantuk"),
            ("চোখের বালি", "cōkhēr bāli", "chokher bali"),
        ],
    ),
    "Sanskrit": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table (Sanskrit keeps its inherent vowel; visarga ḥ, anusvara "
        "ṁ). Readable: the chants and mottos as their recordings and official uses title them: Om Namah "
        "Shivaya, Hare Krishna Hare Rama, Vande Mataram, Asato Ma Sadgamaya (Brihadaranyaka Upanishad 1.3.28,"
        " three lines), Lokah Samastah Sukhino Bhavantu, Sarve Bhavantu Sukhinah, Om Shantih Shantih Shantih,"
        " Om Namo Bhagavate Vasudevaya, Gayatri Mantra, Satyameva Jayate (India's national motto), Vasudhaiva"
        " Kutumbakam, Aham Brahmasmi, Tattvamasi, Shri Rama Jaya Rama, Karpuragauram Karunavataram, Namaste, "
        "Yogah Karmasu Kaushalam, Dharmo Rakshati Rakshitah",
        [
            ("ॐ नमः शिवाय", "ōṁ namaḥ śivāya", "om namah shivaya"),
            ("हरे कृष्ण हरे राम", "harē kr̥ṣṇa harē rāma", "hare krishna hare rama"),
            ("वन्दे मातरम्", "vandē mātaram", "vande mataram"),
            ("असतो मा सद्गमय", "asatō mā sadgamaya", "asato ma sadgamaya"),
            ("तमसो मा ज्योतिर्गमय", "tamasō mā jyōtirgamaya", "tamaso ma jyotirgamaya"),
            ("मृत्योर्मा अमृतं गमय", "mr̥tyōrmā amr̥taṁ gamaya", "mrityorma amritam gamaya"),
            ("लोकाः समस्ताः सुखिनो भवन्तु", "lōkāḥ samastāḥ sukhinō bhavantu", "lokah samastah sukhino bhavantu"),
            ("सर्वे भवन्तु सुखिनः", "sarvē bhavantu sukhinaḥ", "sarve bhavantu sukhinah"),
            ("ॐ शान्तिः शान्तिः शान्तिः", "ōṁ śāntiḥ śāntiḥ śāntiḥ", "om shantih shantih shantih"),
            ("ॐ नमो भगवते वासुदेवाय", "ōṁ namō bhagavatē vāsudēvāya", "om namo bhagavate vasudevaya"),
            ("गायत्री मन्त्र", "gāyatrī mantra", "gayatri mantra"),
            ("सत्यमेव जयते", "satyamēva jayatē", "satyameva jayate"),
            ("वसुधैव कुटुम्बकम्", "vasudhaiva kuṭumbakam", "vasudhaiva kutumbakam"),
            ("अहं ब्रह्मास्मि", "ahaṁ brahmāsmi", "aham brahmasmi"),
            ("तत्त्वमसि", "tattvamasi", "tattvamasi"),
            ("श्री राम जय राम", "śrī rāma jaya rāma", "shri rama jaya rama"),
            ("कर्पूरगौरं करुणावतारं", "karpūragauraṁ karuṇāvatāraṁ", "karpuragauram karunavataram"),
            ("नमस्ते", "namastē", "namaste"),
            ("योगः कर्मसु कौशलम्", "yōgaḥ karmasu kauśalam", "yogah karmasu kaushalam"),
            ("धर्मो रक्षति रक्षितः", "dharmō rakṣati rakṣitaḥ", "dharmo rakshati rakshitah"),
        ],
    ),
    "Sindhi": ReferenceSet(
        "Readable only: Wiktionary's Sindhi entries with a pronunciation (Category:Sindhi terms with IPA "
        "pronunciation, as listed in r12a's Arabic-script notes), each entry once, in Wiktionary's "
        "transcription (after each line) without its marks, with the conventions Verse's readable form "
        "has for every Arabic-script and Indian language: c ch and ch chh (Wiktionary writes ڇ ch, čh or "
        "chh, and چ c), x kh, ġ gh, ś sh, ṅ ng where no velar follows, a nasal vowel's n (āū̃ aun). "
        "Wiktionary's c in kachaharī is چ, so ch. The standard form is not scored: Verse's is ALA-LC's "
        "letters, which Wiktionary's transcription is not",
        [
            ("آئون", None, "aun"),  # āū̃
            ("آسمان", None, "asmanu"),  # āsmānu
            ("آنو", None, "ano"),  # āno
            ("آنڊو", None, "ando"),  # āndo
            ("آچر", None, "acharu"),  # ācaru
            ("آکاڙو", None, "akharo"),  # ākhāṛo
            ("اسين", None, "asin"),  # asī̃
            ("افسوس", None, "afsos"),  # afsos
            ("انار", None, "anaru"),  # anāru
            ("اونهارو", None, "unharo"),  # ūnhāro
            ("اوڪڻ", None, "okanu"),  # okaṇu
            ("اپواس", None, "upvas"),  # upvās
            ("اڏوهي", None, "udohi"),  # uḍ̠ohī
            ("اک", None, "akhi"),  # akhi
            ("اکري", None, "ukhiri"),  # ukhirī
            ("اگھڻ", None, "ughanu"),  # ughaṇu
            ("اڱارو", None, "angaro"),  # āṅāro
            ("باهہ", None, "bahi"),  # bāhi
            ("بدران", None, "badiran"),  # badirā̃
            ("برابر", None, "barabar"),  # barābar
            ("براهمڻ", None, "brahamanu"),  # brāhamaṇu
            ("برف", None, "barfa"),  # barfa
            ("بهار", None, "bahara"),  # bahāra
            ("بيکہ", None, "bikhih"),  # bīkhih
            ("تنگ", None, "tang"),  # tāng
            ("تهاڙو", None, "tiharo"),  # tihāṛo
            ("تٿ", None, "tithu"),  # tithu
            ("تيز", None, "tezu"),  # tezu
            ("ثواب", None, "savabu"),  # savābu
            ("جبل", None, "jabalu"),  # jabalu
            ("جنڊ", None, "jandu"),  # jaṇḍu
            ("جهاز", None, "jahazu"),  # jahāzu
            ("جھلڻ", None, "jhalanu"),  # jhalaṇu
            ("جھنڊو", None, "jhando"),  # jhaṇḍo
            ("جھنگ", None, "jhangu"),  # jhaṅgu
            ("جوء", None, "joi"),  # joi
            ("جونء", None, "juna"),  # jū̃a
            ("جيئڻ", None, "jianu"),  # jīaṇu
            ("جيڪڏهن", None, "jekadahin"),  # jekaḍ̠ahin
            ("حجاب", None, "hijabu"),  # hijābu
            ("خواب", None, "khuvabu"),  # xuvābu
            ("دوا", None, "dava"),  # davā
            ("دونهون", None, "dunhun"),  # dū̃hū̃
            ("دڪان", None, "dukanu"),  # dukānu
            ("راجا", None, "raja"),  # rājā
            ("رمضان", None, "ramzanu"),  # ramzānu
            ("زبان", None, "zubana"),  # zubāna
            ("زمين", None, "zamin"),  # zamīn
            ("سئي", None, "sui"),  # suī
            ("سائو", None, "sao"),  # sāo
            ("سامهون", None, "samuhun"),  # samuhũ
            ("سج", None, "siju"),  # siju
            ("سمهڻ", None, "sumahanu"),  # sumahaṇu
            ("سنهن", None, "sanhun"),  # sãhũ
            ("سنڌ", None, "sindhu"),  # sindhu
            ("سنڌي", None, "sindhi"),  # sindhi
            ("سنگھي", None, "sanghi"),  # saṅghī
            ("سنگھڻ", None, "sunghanu"),  # suṅghaṇu
            ("سيارو", None, "siaro"),  # siāro
            ("سٺو", None, "sutho"),  # suṭho
            ("سڀ", None, "sabhu"),  # sabhu
            ("سڄو", None, "sajo"),  # saj̄o
            ("سڱ", None, "singu"),  # siṅu
            ("شينهن", None, "shinhun"),  # śīnhun
            ("شڪر", None, "shakari"),  # śakari
            ("شَڪَرِ", None, "shakari"),  # śakari
            ("شُڪْرُ", None, "shukru"),  # śukru
            ("شُڪُرُ", None, "shukuru"),  # śukuru
            ("صحيح", None, "sahihu"),  # sahihu
            ("غلطي", None, "ghalti"),  # ġaltī
            ("قلعو", None, "qilo"),  # qilo
            ("قهوو", None, "qahivo"),  # qahivo
            ("لاء", None, "lai"),  # lāi
            ("لاسي", None, "lasi"),  # lāsī
            ("لاهور", None, "lahoru"),  # lāhoru
            ("لهڻ", None, "lahanu"),  # lahaṇu
            ("لوڻ", None, "lunu"),  # lūṇu
            ("ماء", None, "mau"),  # māu
            ("ماڳ", None, "magu"),  # māg̈u
            ("ماڻهو", None, "manhu"),  # māṇhū
            ("ماڻڪ", None, "maniku"),  # māṇiku
            ("متان", None, "matan"),  # matā̃
            ("مغرب", None, "maghrabu"),  # maġrabu
            ("منجھہ", None, "manjhi"),  # manjhi
            ("مهانگہ", None, "mahangu"),  # mahāṅgu
            ("مهٽڻ", None, "mahtanu"),  # mahṭaṇu
            ("موسيقي", None, "musiqi"),  # mūsīqī
            ("مينهن", None, "minhun"),  # mī̃hũ
            ("مڃ", None, "minna"),  # miña
            ("مڇي", None, "machhi"),  # machhī
            ("مڙھڻ", None, "marhanu"),  # maṛhaṇu
            ("مڻيار", None, "maniyaru"),  # maṇiyāru
            ("نئون", None, "naon"),  # naon
            ("نہ", None, "na"),  # na
            ("هاٿي", None, "hathi"),  # hāthī
            ("هتي", None, "hite"),  # hite
            ("هلڻ", None, "halanu"),  # halaṇu
            ("هنڊي", None, "hundi"),  # huṇḍī
            ("هو", None, "hu"),  # hū
            ("هي", None, "hi"),  # hī
            ("هيٺان", None, "hethan"),  # heṭhā̃
            ("هٿ", None, "hathu"),  # hathu
            ("هٿيار", None, "hathiara"),  # hathiāra
            ("هڏو", None, "hado"),  # haḍ̠o
            ("هڻڻ", None, "hananu"),  # haṇaṇu
            ("واء", None, "vai"),  # vāi
            ("واءِ", None, "vai"),  # vāi
            ("واءُ", None, "vau"),  # vāu
            ("وانجھه", None, "vanjha"),  # vā̃jha
            ("ورسپت", None, "viraspati"),  # viraspati
            ("وهڻ", None, "vahanu"),  # vahaṇu
            ("ويجھو", None, "vejho"),  # vejho
            ("ويهڻ", None, "vehanu"),  # vehaṇu
            ("ويڄ", None, "veju"),  # vej̄u
            ("وڙہڻ", None, "virhanu"),  # viṛhaṇu
            ("ٺڪر", None, "thakuru"),  # ṭhakuru
            ("ٻاجھان", None, "bajhan"),  # ḇājhā̃
            ("ٻاهر", None, "baharu"),  # bāharu
            ("ٻج", None, "biju"),  # ḇiju
            ("ٻہ", None, "ba"),  # ḇa
            ("ٽنگ", None, "tanga"),  # ṭaṅga
            ("پئڻ", None, "pianu"),  # piaṇu
            ("پائڻ", None, "painu"),  # pāiṇu
            ("پاپڙ", None, "paparu"),  # pāpaṛu
            ("پره", None, "purihu"),  # purihu
            ("پوء", None, "poi"),  # poi
            ("پوڙھو", None, "porho"),  # poṛho
            ("پيء", None, "piu"),  # pīu
            ("پيٽ", None, "petu"),  # peṭu
            ("پٺ", None, "puthi"),  # puṭhi
            ("پٺيان", None, "puthyan"),  # puṭhyā̃
            ("پڙھڻ", None, "parhanu"),  # paṛhaṇu
            ("ٿلھو", None, "thulho"),  # thulho
            ("ٿورو", None, "thoro"),  # thoro
            ("ڀاء", None, "bhau"),  # bhāu
            ("ڀارت", None, "bharatu"),  # bharatu
            ("ڀڃڻ", None, "bhannanu"),  # bhañaṇu
            ("ڄاهو", None, "jaho"),  # j̄āho
            ("ڄمڻ", None, "jamanu"),  # j̄amaṇu
            ("ڄنگھہ", None, "jangha"),  # j̄aṅgha
            ("ڄڃ", None, "janna"),  # ǰaña
            ("چيرڻ", None, "chiranu"),  # cīraṇu
            ("چٻائڻ", None, "chabainu"),  # caḇāiṇu
            ("ڇا", None, "chha"),  # chā
            ("ڇه", None, "chhaha"),  # chaha
            ("ڇهڻ", None, "chhuhanu"),  # čhuhaṇu
            ("ڇٽڻ", None, "chhatanu"),  # chaṭaṇu
            ("ڊڄڻ", None, "dijanu"),  # ḍij̄aṇu
            ("ڊگھو", None, "digho"),  # ḍigho
            ("ڌرتي", None, "dharti"),  # dhartī
            ("ڌيء", None, "dhia"),  # dhīa
            ("ڍنڍ", None, "dhandha"),  # ḍhanḍha
            ("ڍڳو", None, "dhago"),  # ḍhago
            ("ڏئڻ", None, "dianu"),  # diaṇu
            ("ڏانهين", None, "danhin"),  # ḍā̃hī̃
            ("ڏاڙھي", None, "darhi"),  # dāṛhī
            ("ڏهاڙو", None, "diharo"),  # ḍ̠ihāṛo
            ("ڏهي", None, "dahi"),  # d̤ahī
            ("ڏوهٽو", None, "dohito"),  # ḍ̠ohiṭo
            ("ڏياري", None, "diyari"),  # ḍ̠iyārī
            ("ڏينهن", None, "dihun"),  # ḍ̠īhũ
            ("ڏيهي", None, "dehi"),  # ḍ̠ehī
            ("ڦار", None, "pharu"),  # phāru
            ("ڦوڪڻ", None, "phukanu"),  # phūkaṇu
            ("کاند", None, "khandi"),  # khā̃di
            ("کنهڻ", None, "khanahanu"),  # khanahaṇu
            ("ڪاغذ", None, "kaghazu"),  # kāġazu
            ("ڪانئر", None, "kaniru"),  # kā̃iru
            ("ڪجھہ", None, "kujhu"),  # kujhu
            ("ڪريم", None, "krimu"),  # krīmu
            ("ڪشادو", None, "kusado"),  # kusādo
            ("ڪهاڙو", None, "kuharo"),  # kuhāṛo
            ("ڪهڙو", None, "kiharo"),  # kihaṛo
            ("ڪوهيرو", None, "kohiro"),  # kohīro
            ("ڪيئن", None, "kian"),  # kiã
            ("ڪيوڙو", None, "keviro"),  # keviṛo
            ("ڪپاه", None, "kapaha"),  # kapāha
            ("ڪپور", None, "kapuru"),  # kapūru
            ("ڪٿي", None, "kithe"),  # kithe
            ("ڪچهري", None, "kachahari"),  # kachaharī
            ("ڪڏڻ", None, "kudanu"),  # kuḍ̠aṇu
            ("ڪڪر", None, "kakaru"),  # kakaru
            ("ڪڱگو", None, "kungu"),  # kuṅgū
            ("گانگٽ", None, "gangatu"),  # gā̃gaṭu
            ("گاه", None, "gahu"),  # gāhu
            ("گاهه", None, "gahu"),  # gāhu
            ("گروهه", None, "giroha"),  # giroha
            ("گسڻ", None, "gasanu"),  # gasaṇu
            ("گنڀير", None, "gambhiru"),  # gambhīru
            ("گھر", None, "gharu"),  # gharu
            ("گھوٽڻ", None, "ghotanu"),  # ghoṭaṇu
            ("گھٽ", None, "ghatu"),  # ghaṭu
            ("گهڻ", None, "gahanu"),  # gahaṇu
            ("گڏ", None, "gadu"),  # gaḍ̠u
            ("ڳئون", None, "gaun"),  # g̈aū̃
            ("ڳاڙھو", None, "garho"),  # g̈āṛho
            ("ڳرهڻ", None, "gurahanu"),  # g̠urahaṇu
            ("ڳنھڻ", None, "ginhanu"),  # g̠iṇhaṇu
            ("ڳنڍ", None, "gandhi"),  # g̠aṇḍhi
        ],
    ),
    "Tamil": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table (ḻ, ṟ, ṉ; Tamil keeps its inherent vowel). Readable: "
        "the Latin-script titles the films were released under: Nayakan (1987), Mouna Ragam (1986), "
        "Thalapathi (1991), Roja (1992), Muthu (1995), Minsara Kanavu (1997), Padayappa (1999), Alaipayuthey "
        "(2000), Anbe Sivam (2003), Kaadhal (2004), Paruthiveeran (2007), Sivaji (2007), Vaaranam Aayiram "
        "(2008), Subramaniapuram (2008), Enthiran (2010), Vinnaithaandi Varuvaayaa (2010), Aadukalam (2011), "
        "Why This Kolaveri Di (2011), Theri (2016), Mersal (2017), Kaithi (2019)",
        [
            ("நாயகன்", "nāyakaṉ", "nayakan"),
            ("மௌன ராகம்", "mauṉa rākam", "mouna ragam"),
            ("தளபதி", "taḷapati", "thalapathi"),
            ("ரோஜா", "rōjā", "roja"),
            ("முத்து", "muttu", "muthu"),
            ("மின்சார கனவு", "miṉcāra kaṉavu", "minsara kanavu"),
            ("படையப்பா", "paṭaiyappā", "padayappa"),
            ("அலைபாயுதே", "alaipāyutē", "alaipayuthey"),
            ("அன்பே சிவம்", "aṉpē civam", "anbe sivam"),
            ("காதல்", "kātal", "kaadhal"),
            ("பருத்திவீரன்", "paruttivīraṉ", "paruthiveeran"),
            ("சிவாஜி", "civāji", "sivaji"),
            ("வாரணம் ஆயிரம்", "vāraṇam āyiram", "vaaranam aayiram"),
            ("சுப்பிரமணியபுரம்", "cuppiramaṇiyapuram", "subramaniapuram"),
            ("எந்திரன்", "entiraṉ", "enthiran"),
            ("விண்ணைத்தாண்டி வருவாயா", "viṇṇaittāṇṭi varuvāyā", "vinnaithaandi varuvaayaa"),
            ("ஆடுகளம்", "āṭukaḷam", "aadukalam"),
            ("கொலவெறி டி", "kolaveṟi ṭi", "kolaveri di"),
            ("தெறி", "teṟi", "theri"),
            ("மெர்சல்", "mercal", "mersal"),
            ("கைதி", "kaiti", "kaithi"),
        ],
    ),
    "Manipuri": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table for the Bengali script Manipuri is written in (য় ẏ, ং ṁ), "
        "the inherent vowel dropped where Manipuri drops it (docs/languages.md). Readable: the names of "
        "Manipur's districts, towns and places as the Government of Manipur writes them in Latin script: "
        "Imphal, Thoubal, Bishnupur, Churachandpur, Ukhrul, Senapati, Tamenglong, Chandel, Jiribam, "
        "Kakching, Kangpokpi, Kamjong, Tengnoupal, Noney; Moirang, Nambol, Lilong, Lamphel, Sugnu, Mayang "
        "Imphal, Wangjing, Heirok, Sagolband, Iril, Oinam; Loktak lake, Kangla fort; and the state's name. "
        "The Bengali-script spellings are those the names are written in in Manipuri; they could not be "
        "checked against a published list here",
        [
            ("ইম্ফাল", "imphāl", "imphal"),
            ("থৌবাল", "thaubāl", "thoubal"),
            ("বিষ্ণুপুর", "biṣṇupur", "bishnupur"),
            ("চুরাচান্দপুর", "curācāndpur", "churachandpur"),
            ("উখরুল", "ukhrul", "ukhrul"),
            ("সেনাপতি", "sēnāpati", "senapati"),
            ("তামেংলোং", "tāmēṁlōṁ", "tamenglong"),
            ("চান্দেল", "cāndēl", "chandel"),
            ("জিরিবাম", "jiribām", "jiribam"),
            ("কাকচিং", "kākciṁ", "kakching"),
            ("কাংপোকপি", "kāṁpōkpi", "kangpokpi"),
            ("কামজোং", "kāmjōṁ", "kamjong"),
            ("তেংনৌপাল", "tēṁnaupāl", "tengnoupal"),
            ("মোইরাং", "mōirāṁ", "moirang"),
            ("লোকতাক", "lōktāk", "loktak"),
            ("কাংলা", "kāṁlā", "kangla"),
            ("মণিপুর", "maṇipur", "manipur"),
            ("নম্বোল", "nambōl", "nambol"),
            ("লিলং", "lilaṁ", "lilong"),
            ("লামফেল", "lāmphēl", "lamphel"),
            ("সুগনু", "sugnu", "sugnu"),
            ("ময়াং ইম্ফাল", "maẏāṁ imphāl", "mayang imphal"),
            ("ওয়াংজিং", "ōẏāṁjiṁ", "wangjing"),
            ("হেইরোক", "hēirōk", "heirok"),
            ("সগোলবন্দ", "sagōlband", "sagolband"),
            ("নোনে", "nōnē", "noney"),
            ("ইরিল", "iril", "iril"),
            ("ওইনাম", "ōinām", "oinam"),
        ],
    ),
    "Marathi": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel dropped as Marathi drops it. "
        "Readable: the Latin-script titles as released: Pinjra (1972), Shwaas (2004), Natsamrat (2016), "
        "Balgandharva (2011), Balak Palak (2013), Duniyadari (2013), Jogwa (2009), Timepass (2014), Lai "
        "Bhaari (2014), Killa (2015), Katyar Kaljat Ghusli (2015), Sairat (2016) and its song Zingaat, Naal "
        "(2018), Aapla Manus (2018), Anandi Gopal (2019), Deool (2011); the state song Jai Jai Maharashtra "
        "Majha and the festival cry Ganpati Bappa Morya; Maharashtra as the state writes it",
        [
            ("महाराष्ट्र", "mahārāṣṭra", "maharashtra"),
            ("जय जय महाराष्ट्र माझा", "jay jay mahārāṣṭra mājhā", "jai jai maharashtra majha"),
            ("गणपती बाप्पा मोरया", "gaṇpatī bāppā mōryā", "ganpati bappa morya"),
            ("सैराट", "sairāṭ", "sairat"),
            ("झिंगाट", "jhiṁgāṭ", "zingaat"),
            ("नटसम्राट", "naṭsamrāṭ", "natsamrat"),
            ("दुनियादारी", "duniyādārī", "duniyadari"),
            ("लय भारी", "lay bhārī", "lai bhaari"),
            ("टाइमपास", "ṭāimpās", "timepass"),
            ("बालक पालक", "bālak pālak", "balak palak"),
            ("श्वास", "śvās", "shwaas"),
            ("नाळ", "nāḷ", "naal"),
            ("कट्यार काळजात घुसली", "kaṭyār kāḷjāt ghuslī", "katyar kaljat ghusli"),
            ("बालगंधर्व", "bālgaṁdharva", "balgandharva"),
            ("जोगवा", "jōgvā", "jogwa"),
            ("किल्ला", "killā", "killa"),
            ("आनंदी गोपाळ", "ānaṁdī gōpāḷ", "anandi gopal"),
            ("देऊळ", "dēūḷ", "deool"),
            ("पिंजरा", "piṁjrā", "pinjra"),
            ("आपला मानूस", "āplā mānūs", "aapla manus"),
        ],
    ),
    "Nepali": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel dropped as Nepali drops it. Readable:"
        " the Latin-script titles as released or as officially written: the national anthem Sayaun Thunga "
        "Phulka (2007), the folk songs Resham Firiri, Kusume Rumal, Sunkeshari and Mayalu; the films Kusume "
        "Rumal (1985), Darpan Chhaya (2001), Loot (2012), Kabaddi (2014), Kalo Pothi (2015), Pashupati Prasad"
        " (2016), Chhakka Panja (2016), Jatra (2016), Lahure (1989), Bulbul (2019), Prem Geet (2016); Nepal, "
        "Mero Desh, Himal, Maya and Gorkha as commonly written",
        [
            ("सयौं थुँगा फूलका", "sayauṁ thum̐gā phūlkā", "sayaun thunga phulka"),
            ("रेशम फिरिरी", "rēśam phirirī", "resham firiri"),
            ("कबड्डी", "kabaḍḍī", "kabaddi"),
            ("पशुपति प्रसाद", "paśupati prasād", "pashupati prasad"),
            ("छक्का पन्जा", "chakkā panjā", "chhakka panja"),
            ("लूट", "lūṭ", "loot"),
            ("कालो पोथी", "kālō pōthī", "kalo pothi"),
            ("जात्रा", "jātrā", "jatra"),
            ("नेपाल", "nēpāl", "nepal"),
            ("मेरो देश", "mērō dēś", "mero desh"),
            ("मायालु", "māyālu", "mayalu"),
            ("लाहुरे", "lāhurē", "lahure"),
            ("हिमाल", "himāl", "himal"),
            ("माया", "māyā", "maya"),
            ("सुनकेशरी", "sunkēśarī", "sunkeshari"),
            ("बुलबुल", "bulbul", "bulbul"),
            ("दर्पण छायाँ", "darpaṇ chāyām̐", "darpan chhaya"),
            ("प्रेम गीत", "prēm gīt", "prem geet"),
            ("कुसुमे रुमाल", "kusumē rumāl", "kusume rumal"),
            ("गोर्खा", "gōrkhā", "gorkha"),
        ],
    ),
    "Punjabi": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table, the inherent vowel dropped as Punjabi drops it "
        "(docs/languages.md). Readable: the Latin-script titles as released: Mundian To Bach Ke (Panjabi MC, "
        "1998), Tunak Tunak Tun (Daler Mehndi, 1998), Laung Laachi (2018), Lehanga (Jass Manak, 2019), Qismat "
        "(2018), Sohne Lagde, Mitran Da Naa Chalda, Teri Meri Kahani, Gallan Goodiyan (2015), Chal Mera Putt "
        "(2019), Ardaas (2016), Angrej (2015), Jind Mahi, Nikka Zaildar (2016), Sufna (2020), Jatt Da Muqabla "
        "(Sidhu Moose Wala, 2018), Dil Diyan Gallan (2017), Rabb Da Radio (2017); the greeting Sat Sri Akal "
        "and the name Punjab as the state writes them",
        [
            ("ਮੁੰਡਿਆਂ ਤੋਂ ਬਚ ਕੇ", "muṁḍiāṁ tōṁ bac kē", "mundian to bach ke"),
            ("ਤੁਨਕ ਤੁਨਕ ਤੁਨ", "tunak tunak tun", "tunak tunak tun"),
            ("ਲੌਂਗ ਲਾਚੀ", "lauṁg lācī", "laung laachi"),
            ("ਲਹਿੰਗਾ", "lahiṁgā", "lehanga"),
            ("ਕਿਸਮਤ", "kismat", "qismat"),
            ("ਸੋਹਣੇ ਲਗਦੇ", "sōhṇē lagdē", "sohne lagde"),
            ("ਮਿੱਤਰਾਂ ਦਾ ਨਾਂ ਚੱਲਦਾ", "mittrāṁ dā nāṁ calldā", "mitran da naa chalda"),
            ("ਤੇਰੀ ਮੇਰੀ ਕਹਾਣੀ", "tērī mērī kahāṇī", "teri meri kahani"),
            ("ਗੱਲਾਂ ਗੂੜ੍ਹੀਆਂ", "gallāṁ gūṛhīāṁ", "gallan goodiyan"),
            ("ਚੱਲ ਮੇਰਾ ਪੁੱਤ", "call mērā putt", "chal mera putt"),
            ("ਅਰਦਾਸ", "ardās", "ardaas"),
            ("ਅੰਗਰੇਜ", "aṁgrēj", "angrej"),
            ("ਜਿੰਦ ਮਾਹੀ", "jiṁd māhī", "jind mahi"),
            ("ਨਿੱਕਾ ਜ਼ੈਲਦਾਰ", "nikkā zaildār", "nikka zaildar"),
            ("ਸੁਫ਼ਨਾ", "sufnā", "sufna"),
            ("ਜੱਟ ਦਾ ਮੁਕਾਬਲਾ", "jaṭṭ dā mukāblā", "jatt da muqabla"),
            ("ਦਿਲ ਦੀਆਂ ਗੱਲਾਂ", "dil dīāṁ gallāṁ", "dil diyan gallan"),
            ("ਸਤ ਸ੍ਰੀ ਅਕਾਲ", "sat srī akāl", "sat sri akal"),
            ("ਪੰਜਾਬ", "paṁjāb", "punjab"),
            ("ਰੱਬ ਦਾ ਰੇਡੀਓ", "rabb dā rēḍīō", "rabb da radio"),
        ],
    ),
    "Russian": ReferenceSet(
        "Standard: BGN/PCGN 1947 (its table: ë, ʼ, ʺ, y). Readable: titles as released in Latin letters: "
        "Katyusha (1938), Kalinka (1860), Podmoskovnye Vechera (1955), Zvezda po imeni Solntse (Kino, 1989), "
        "Yolka (the singer's name as she writes it), Ochi Chyornye, Tyomnaya Noch (1943), Million Alykh Roz "
        "(1982), Den Pobedy (1975), Khochu Peremen (Kino, 1986), Polyushko-Pole (1934), Oy, Moroz, Moroz, "
        "Korobeiniki (1861), Kukushka (Kino, 1990), Gruppa Krovi (Kino, 1988), Zhuravli (1969), Smuglyanka "
        "(1940), Ya Svoboden (Kipelov, 1997), Malinovka",
        [
            ("Я тебя люблю", "Ya tebya lyublyu", "Ya tebya lyublyu"),
            ("Катюша", "Katyusha", "Katyusha"),
            ("Калинка", "Kalinka", "Kalinka"),
            ("Подмосковные вечера", "Podmoskovnyye vechera", "Podmoskovnye vechera"),
            ("Звезда по имени Солнце", "Zvezda po imeni Solntse", "Zvezda po imeni Solntse"),
            ("Ёлка", "Yëlka", "Yolka"),
            ("Очи чёрные", "Ochi chërnyye", "Ochi chyornye"),
            ("Тёмная ночь", "Tëmnaya nochʼ", "Tyomnaya noch"),
            ("Миллион алых роз", "Million alykh roz", "Million alykh roz"),
            ("День Победы", "Denʼ Pobedy", "Den Pobedy"),
            ("Хочу перемен", "Khochu peremen", "Khochu peremen"),
            ("Полюшко-поле", "Polyushko-pole", "Polyushko-pole"),
            ("Ой, мороз, мороз", "Oy, moroz, moroz", "Oy, moroz, moroz"),
            ("Коробейники", "Korobeyniki", "Korobeiniki"),
            ("Кукушка", "Kukushka", "Kukushka"),
            ("Группа крови", "Gruppa krovi", "Gruppa krovi"),
            ("Журавли", "Zhuravli", "Zhuravli"),
            ("Смуглянка", "Smuglyanka", "Smuglyanka"),
            ("Я свободен", "Ya svoboden", "Ya svoboden"),
            ("Малиновка", "Malinovka", "Malinovka"),
        ],
    ),
    "Kannada": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table (Kannada keeps its inherent vowel). Readable: the Latin-"
        "script titles as released: Nagarahavu (1972), Bangarada Manushya (1972), Aakasmika (1993), Janumada "
        "Jodi (1996), Apthamitra (2004), Jogi (2005), Mungaru Male (2006), Milana (2007), Gaalipata (2008), "
        "Mussanje Maathu (2008), Ulidavaru Kandanthe (2014), Rangitaranga (2015), Kirik Party (2016), "
        "Rajakumara (2017), Yajamana (2019), Bharaate (2019), Garuda Gamana Vrishabha Vahana (2021), Kantara "
        "(2022); Kannada and Bengaluru as the state writes them",
        [
            ("ಕಾಂತಾರ", "kāṁtāra", "kantara"),
            ("ಮುಂಗಾರು ಮಳೆ", "muṁgāru maḷe", "mungaru male"),
            ("ಬಂಗಾರದ ಮನುಷ್ಯ", "baṁgārada manuṣya", "bangarada manushya"),
            ("ಉಳಿದವರು ಕಂಡಂತೆ", "uḷidavaru kaṁḍaṁte", "ulidavaru kandanthe"),
            ("ನಾಗರಹಾವು", "nāgarahāvu", "nagarahavu"),
            ("ಜೋಗಿ", "jōgi", "jogi"),
            ("ಮಿಲನ", "milana", "milana"),
            ("ರಾಜಕುಮಾರ", "rājakumāra", "rajakumara"),
            ("ಗರುಡ ಗಮನ ವೃಷಭ ವಾಹನ", "garuḍa gamana vr̥ṣabha vāhana", "garuda gamana vrishabha vahana"),
            ("ಬೆಂಗಳೂರು", "beṁgaḷūru", "bengaluru"),
            ("ಕನ್ನಡ", "kannaḍa", "kannada"),
            ("ಯಜಮಾನ", "yajamāna", "yajamana"),
            ("ಮುಸ್ಸಂಜೆ ಮಾತು", "mussaṁje mātu", "mussanje maathu"),
            ("ಆಪ್ತಮಿತ್ರ", "āptamitra", "apthamitra"),
            ("ಗಾಳಿಪಟ", "gāḷipaṭa", "gaalipata"),
            ("ಭರಾಟೆ", "bharāṭe", "bharaate"),
            ("ರಂಗಿತರಂಗ", "raṁgitaraṁga", "rangitaranga"),
            ("ಜನುಮದ ಜೋಡಿ", "janumada jōḍi", "janumada jodi"),
            ("ಆಕಸ್ಮಿಕ", "ākasmika", "aakasmika"),
            ("ಕಿರಿಕ್ ಪಾರ್ಟಿ", "kirik pārṭi", "kirik party"),
        ],
    ),
    "Bodo": ReferenceSet(
        "Readable only, from the two sources found that print Bodo in both scripts, six lines in all, "
        "under the 20 a set should have: a love poem translated into Bodo by Aleendra Brahma, with its "
        'romanisation, in Richard Bellon\'s collection (love.poem.free.fr, "Bodo love poem"), and the '
        'examples of anglo-bodo-dictionary.com\'s "Bodo Script and Transliteration Notes" (2026-05-28). '
        "Their romanisation is the one Bodo readers type (o for the inherent vowel, w for ओ, ng for the "
        "anusvara: Pramukh's Bodo keyboard, from Roman letters, the same). The standard form is not scored",
        [
            ("आयनायाव बेरखांनाय नोंनि महरानो", None, "ainayaw berkhangnai nwngni mohoranw"),
            ("आंनि बयनिख्रुइबो साबसिन खन्थाय", None, "angni bwnwikhrubw sabsin khonthai"),
            ("नाथाय, बेयोदि थाबैनो गोमोरलांबाय", None, "nathai, beywdi thabnw gwmwrlangbai"),
            ('बेनो आंनि जोबथा "आं नोंखौ मोजां मोनो"!', None, 'benw angni jobtha "aang nwngkhow mwjang mwnw"!'),
            ("आं मोनसे बिजाब फराय।", None, "ang mwnse bijab phorai."),
            ("कक्राझार", None, "kokrajhar"),
        ],
    ),
    "Konkani": ReferenceSet(
        "Readable only: the Goa Konkani Akademi's Romi orthography, as konkanverter.com's \"Transliteration "
        'rules for Romi Konkani" (World Institute of Konkani Language, based on the Akademi\'s "Romi '
        'Orthography Rules") gives it: every example word of its diphthong rules, A to J (आय ai, यो eo and '
        "इयो io, या ea and इया ia, इये ie, अय and ओय oi, उय ui, अव and ओव ou, आव au, एव eu, ईव iu), as it "
        "writes them but without capitals; the last, दीवपाक, is cut off in the copy read and left out. The "
        "source writes ज as z in one and j in another (येवजण ievzonn, येवजिलां yeujilam), and an opening ये "
        "both ie and ye. The standard form is not scored: the source writes only Romi",
        [
            ("दायज", None, "daiz"),
            ("आयकात", None, "aikat"),
            ("हुस्कायता", None, "huskaita"),
            ("भायर", None, "bhair"),
            ("जायत", None, "zait"),
            ("कामायस", None, "kamais"),
            ("बर्यो", None, "boreo"),
            ("तांच्यो", None, "tancheo"),
            ("ह्यो", None, "heo"),
            ("बडियो", None, "boddio"),
            ("उदियोग", None, "udiog"),
            ("योगदान", None, "iogadan"),
            ("कोल्या", None, "kolea"),
            ("चल्याचो", None, "choleacho"),
            ("ह्या", None, "hea"),
            ("मोगियांक", None, "mogiank"),
            ("हरियाळी", None, "horialli"),
            ("मरियाद", None, "moriad"),
            ("येवजण", None, "ievzonn"),
            ("चलियेचो", None, "choliecho"),
            ("घोडियेक", None, "ghoddiek"),
            ("पतियेक", None, "potiek"),
            ("फ़ेरियेंत", None, "ferient"),
            ("बयल", None, "boil"),
            ("पयलो", None, "poilo"),
            ("दाखय", None, "dakhoi"),
            ("शिकयता", None, "xikoita"),
            ("पयशीलो", None, "poixilo"),
            ("वयर", None, "voir"),
            ("कोयर", None, "koir"),
            ("रोयण", None, "roinn"),
            ("कुयताद", None, "kuitad"),
            ("आनिकुय", None, "anikui"),
            ("बापुय", None, "bapui"),
            ("तवशें", None, "touxem"),
            ("बरवन", None, "boroun"),
            ("चलवपी", None, "choloupi"),
            ("वाडोवंक", None, "vaddounk"),
            ("फ़ोवज", None, "fouz"),
            ("भोवतेक", None, "bhoutek"),
            ("जावंक", None, "zaunk"),
            ("होगडावन", None, "hogddaun"),
            ("खावन", None, "khaun"),
            ("पावणी", None, "paunni"),
            ("पावटी", None, "pautti"),
            ("बावलें", None, "baulem"),
            ("येवजिलां", None, "yeujilam"),
            ("घेवन", None, "gheun"),
            ("पळेवन", None, "polleun"),
            ("पळेवंक", None, "polleunk"),
            ("दीव", None, "div"),
        ],
    ),
    "Korean": ReferenceSet(
        "Revised Romanisation of Korean (Ministry of Culture and Tourism, notice 2000-8), the examples of "
        "sections 2 and 3 (article 1); the scheme has no diacritics, so both forms are the same",
        [
            (word, roman, roman)
            for word, roman in [
                ("백마", "baengma"),
                ("종로", "jongno"),
                ("왕십리", "wangsimni"),
                ("별내", "byeollae"),
                ("신라", "silla"),
                ("대관령", "daegwallyeong"),
                ("해돋이", "haedoji"),
                ("같이", "gachi"),
                ("좋고", "joko"),
                ("놓다", "nota"),
                ("묵호", "mukho"),
                ("집현전", "jiphyeonjeon"),
                ("감사합니다", "gamsahamnida"),
                ("구미", "gumi"),
                ("영동", "yeongdong"),
                ("백암", "baegam"),
                ("옥천", "okcheon"),
                ("합덕", "hapdeok"),
                ("월곶", "wolgot"),
                ("벚꽃", "beotkkot"),
                ("한밭", "hanbat"),
                ("굳히다", "guchida"),
                ("학여울", "hangnyeoul"),
            ]
        ],
    ),
    "Telugu": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table (Telugu keeps its inherent vowel). Readable: the "
        "Latin-script titles as released: Mayabazar (1957), Sankarabharanam (1980), Okkadu (2003), Athadu "
        "(2005), Pokiri (2006), Magadheera (2009), Eega (2012), Baahubali (2015), Khaidi (1983), Geetha "
        "Govindam (2018), Mahanati (2018), Rangasthalam (2018), Ala Vaikunthapurramuloo (2020) and its songs "
        "Samajavaragamana and Butta Bomma, Pushpa (2021) and its songs Srivalli and Oo Antava, Sita Ramam "
        "(2022), and Naatu Naatu (RRR, 2022)",
        [
            ("బాహుబలి", "bāhubali", "baahubali"),
            ("పుష్ప", "puṣpa", "pushpa"),
            ("మగధీర", "magadhīra", "magadheera"),
            ("ఈగ", "īga", "eega"),
            ("రంగస్థలం", "raṁgasthalaṁ", "rangasthalam"),
            ("మహానటి", "mahānaṭi", "mahanati"),
            ("గీత గోవిందం", "gīta gōviṁdaṁ", "geetha govindam"),
            ("అల వైకుంఠపురములో", "ala vaikuṁṭhapuramulō", "ala vaikunthapurramuloo"),
            ("సీతా రామం", "sītā rāmaṁ", "sita ramam"),
            ("అతడు", "ataḍu", "athadu"),
            ("పోకిరి", "pōkiri", "pokiri"),
            ("ఒక్కడు", "okkaḍu", "okkadu"),
            ("ఖైదీ", "khaidī", "khaidi"),
            ("శంకరాభరణం", "śaṁkarābharaṇaṁ", "sankarabharanam"),
            ("మాయాబజార్", "māyābajār", "mayabazar"),
            ("నాటు నాటు", "nāṭu nāṭu", "naatu naatu"),
            ("సామజవరగమన", "sāmajavaragamana", "samajavaragamana"),
            ("బుట్ట బొమ్మ", "buṭṭa bomma", "butta bomma"),
            ("శ్రీవల్లి", "śrīvalli", "srivalli"),
            ("ఊ అంటావా", "ū aṁṭāvā", "oo antava"),
        ],
    ),
    "Thai": ReferenceSet(
        "Royal Thai General System of Transcription (Royal Institute, 1999), its examples and the official "
        "names it gives (Krung Thep, Chiang Mai, Phuket, Prathet Thai, and the provinces as the Royal Institute "
        "romanises them); the scheme has no diacritics",
        [
            (thai, roman, roman)
            for thai, roman in [
                ("กรุงเทพ", "krung thep"),
                ("สวัสดี", "sawatdi"),
                ("ขอบคุณ", "khop khun"),
                ("ภูเก็ต", "phuket"),
                ("เชียงใหม่", "chiang mai"),
                ("ประเทศไทย", "prathet thai"),
                ("รัก", "rak"),
                ("ใจ", "chai"),
                ("เพลง", "phleng"),
                ("น้ำ", "nam"),
                ("ใหม่", "mai"),
                ("เหนือ", "nuea"),
                ("ตลาด", "talat"),
                ("เชียงราย", "chiang rai"),
                ("ขอนแก่น", "khon kaen"),
                ("นครราชสีมา", "nakhon ratchasima"),
                ("สุโขทัย", "sukhothai"),
                ("อยุธยา", "ayutthaya"),
                ("ลำปาง", "lampang"),
                ("หนองคาย", "nong khai"),
                ("สงขลา", "songkhla"),
                ("แพร่", "phrae"),
                ("ลพบุรี", "lop buri"),
                ("กาญจนบุรี", "kanchanaburi"),
                ("นนทบุรี", "nonthaburi"),
                ("อุดรธานี", "udon thani"),
                ("ยะลา", "yala"),
            ]
        ],
    ),
}


def cer(reference: str, hypothesis: str) -> float:
    """Character errors over the reference's characters, spaces included (a karaoke line's word
    breaks are part of what a reader reads); letter case is not counted."""
    ref, hyp = " ".join(reference.lower().split()), " ".join(hypothesis.lower().split())
    return edit_distance(list(ref), list(hyp)) / max(1, len(ref))


@dataclass(frozen=True)
class Score:
    language: str
    lines: int
    #: None where the set has no standard references (ReferenceSet.lines).
    standard: float | None
    readable: float


def score(language: str) -> Score:
    refs = REFERENCES[language]
    lang = all_languages()[language]
    forms: tuple[RomanisationForm, RomanisationForm] = ("standard", "readable")
    rates: list[float | None] = []
    for k, form in enumerate(forms):
        references = [(line[0], line[1 + k]) for line in refs.lines]
        if any(reference is None for _original, reference in references):
            rates.append(None)
            continue
        errors, chars = 0.0, 0
        for original, reference in references:
            assert reference is not None
            length = len(" ".join(reference.split()))
            errors += cer(reference, romanise_line(original, lang, form)) * length
            chars += length
        rates.append(errors / chars)
    readable = rates[1]
    assert readable is not None, f"{language}: every line needs its readable reference"
    return Score(language, len(refs.lines), rates[0], readable)


#: The fewest lines a set is meant to have; a set with fewer is scored, and the table says so.
MIN_LINES = 20


def main() -> None:
    print("| Language | Reference lines | Standard CER | Readable CER |")
    print("|---|---:|---:|---:|")
    for name, lang in sorted(all_languages().items()):
        if name in REFERENCES:
            s = score(name)
            standard = "not scored" if s.standard is None else f"{s.standard:.1%}"
            lines = f"{s.lines} (under {MIN_LINES})" if s.lines < MIN_LINES else str(s.lines)
            print(f"| {name} | {lines} | {standard} | {s.readable:.1%} |")
        elif lang.romanisation != "latin":
            print(f"| {name} | unverified | | |")


if __name__ == "__main__":
    main()
