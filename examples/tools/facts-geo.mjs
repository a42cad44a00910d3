// Hand-written facts of the geography shard (demo-geo). Populations are approximate (recent
// estimates, rounded; city populations are for the municipality, Brussels for its region);
// coordinates are approximate city centres in decimal degrees (WGS84).

// code|slug|English|French|German|capital (city slug)|population|official languages
export const countries = `
AT|Austria|Austria|Autriche|Österreich|Vienna|9100000|de
BE|Belgium|Belgium|Belgique|Belgien|Brussels|11800000|nl,fr,de
BG|Bulgaria|Bulgaria|Bulgarie|Bulgarien|Sofia|6400000|bg
BY|Belarus|Belarus|Biélorussie|Belarus|Minsk|9200000|be,ru
CH|Switzerland|Switzerland|Suisse|Schweiz|Bern|8900000|de,fr,it,rm
CZ|Czechia|Czech Republic|Tchéquie|Tschechien|Prague|10900000|cs
DE|Germany|Germany|Allemagne|Deutschland|Berlin|84000000|de
DK|Denmark|Denmark|Danemark|Dänemark|Copenhagen|5950000|da
EE|Estonia|Estonia|Estonie|Estland|Tallinn|1370000|et
ES|Spain|Spain|Espagne|Spanien|Madrid|48500000|es
FI|Finland|Finland|Finlande|Finnland|Helsinki|5600000|fi,sv
FR|France|France|France|Frankreich|Paris|68000000|fr
GB|United_Kingdom|United Kingdom|Royaume-Uni|Vereinigtes Königreich|London|67600000|en
GR|Greece|Greece|Grèce|Griechenland|Athens|10400000|el
HR|Croatia|Croatia|Croatie|Kroatien|Zagreb|3850000|hr
HU|Hungary|Hungary|Hongrie|Ungarn|Budapest|9600000|hu
IE|Ireland|Ireland|Irlande|Irland|Dublin|5200000|ga,en
IS|Iceland|Iceland|Islande|Island|Reykjavik|390000|is
IT|Italy|Italy|Italie|Italien|Rome|59000000|it
LT|Lithuania|Lithuania|Lituanie|Litauen|Vilnius|2860000|lt
LU|Luxembourg|Luxembourg|Luxembourg|Luxemburg|Luxembourg_City|660000|lb,fr,de
LV|Latvia|Latvia|Lettonie|Lettland|Riga|1880000|lv
NL|Netherlands|Netherlands|Pays-Bas|Niederlande|Amsterdam|17900000|nl
NO|Norway|Norway|Norvège|Norwegen|Oslo|5500000|no
PL|Poland|Poland|Pologne|Polen|Warsaw|37600000|pl
PT|Portugal|Portugal|Portugal|Portugal|Lisbon|10500000|pt
RO|Romania|Romania|Roumanie|Rumänien|Bucharest|19000000|ro
RS|Serbia|Serbia|Serbie|Serbien|Belgrade|6600000|sr
RU|Russia|Russia|Russie|Russland|Moscow|146000000|ru
SE|Sweden|Sweden|Suède|Schweden|Stockholm|10500000|sv
SI|Slovenia|Slovenia|Slovénie|Slowenien|Ljubljana|2100000|sl
SK|Slovakia|Slovakia|Slovaquie|Slowakei|Bratislava|5400000|sk
UA|Ukraine|Ukraine|Ukraine|Ukraine|Kyiv|38000000|uk
`;

// slug|English|French (if different)|German (if different)|country code|population|lat|long
export const cities = `
Vienna|Vienna|Vienne|Wien|AT|1980000|48.21|16.37
Salzburg|Salzburg|Salzbourg||AT|155000|47.80|13.04
Klagenfurt|Klagenfurt|||AT|100000|46.62|14.31
Rohrau|Rohrau|||AT|1600|48.07|16.86
Raiding|Raiding|||AT|800|47.56|16.53
Brussels|Brussels|Bruxelles|Brüssel|BE|1220000|50.85|4.35
Ghent|Ghent|Gand|Gent|BE|265000|51.05|3.72
Sofia|Sofia|Sofia|Sofia|BG|1240000|42.70|23.32
Ruse|Ruse|||BG|140000|43.85|25.97
Minsk|Minsk|||BY|2000000|53.90|27.56
Bern|Bern|Berne||CH|135000|46.95|7.45
Zurich|Zurich||Zürich|CH|420000|47.37|8.54
Geneva|Geneva|Genève|Genf|CH|200000|46.20|6.14
Basel|Basel|Bâle||CH|175000|47.56|7.59
Prague|Prague||Prag|CZ|1330000|50.08|14.44
Brno|Brno||Brünn|CZ|380000|49.20|16.61
Pribor|Příbor|||CZ|8500|49.64|18.14
Litomysl|Litomyšl|||CZ|10000|49.87|16.31
Nelahozeves|Nelahozeves|||CZ|1300|50.26|14.30
Kaliste|Kaliště|||CZ|250|49.59|15.30
Berlin|Berlin|||DE|3760000|52.52|13.40
Hamburg|Hamburg|Hambourg||DE|1890000|53.55|9.99
Munich|Munich||München|DE|1510000|48.14|11.58
Cologne|Cologne||Köln|DE|1080000|50.94|6.96
Frankfurt|Frankfurt am Main|Francfort-sur-le-Main||DE|770000|50.11|8.68
Stuttgart|Stuttgart|||DE|630000|48.78|9.18
Leipzig|Leipzig|||DE|600000|51.34|12.37
Wuppertal|Wuppertal|||DE|355000|51.26|7.15
Bonn|Bonn|||DE|330000|50.74|7.10
Augsburg|Augsburg|Augsbourg||DE|300000|48.37|10.90
Brunswick|Brunswick||Braunschweig|DE|250000|52.27|10.52
Kiel|Kiel|||DE|247000|54.32|10.13
Halle|Halle (Saale)|||DE|240000|51.48|11.97
Lubeck|Lübeck|Lubeck||DE|217000|53.87|10.69
Osnabruck|Osnabrück|||DE|165000|52.28|8.05
Heidelberg|Heidelberg|||DE|160000|49.40|8.69
Regensburg|Regensburg|Ratisbonne||DE|150000|49.01|12.10
Wurzburg|Würzburg|Wurtzbourg||DE|127000|49.79|9.95
Ulm|Ulm|||DE|126000|48.40|9.99
Gottingen|Göttingen|Goettingue||DE|118000|51.54|9.93
Koblenz|Koblenz|Coblence||DE|114000|50.36|7.59
Remscheid|Remscheid|||DE|111000|51.18|7.19
Trier|Trier|Trèves||DE|110000|49.75|6.64
Hanau|Hanau|||DE|100000|50.13|8.92
Hildesheim|Hildesheim|||DE|100000|52.15|9.95
Zwickau|Zwickau|||DE|88000|50.72|12.50
Dessau|Dessau|||DE|75000|51.84|12.24
Bayreuth|Bayreuth|||DE|74000|49.95|11.58
Fulda|Fulda|||DE|68000|50.55|9.68
Weimar|Weimar|||DE|65000|50.98|11.33
Euskirchen|Euskirchen|||DE|58000|50.66|6.79
Eisenach|Eisenach|||DE|42000|50.97|10.32
Calw|Calw|||DE|24000|48.71|8.74
Weil_der_Stadt|Weil der Stadt|||DE|19000|48.75|8.87
Marbach_am_Neckar|Marbach am Neckar|||DE|16000|48.94|9.26
Clausthal-Zellerfeld|Clausthal-Zellerfeld|||DE|15000|51.81|10.34
Copenhagen|Copenhagen|Copenhague|Kopenhagen|DK|650000|55.68|12.57
Odense|Odense|||DK|180000|55.40|10.39
Kalundborg|Kalundborg|||DK|17000|55.68|11.09
Tallinn|Tallinn|||EE|440000|59.44|24.75
Madrid|Madrid|||ES|3300000|40.42|-3.70
Seville|Seville|Séville|Sevilla|ES|690000|37.39|-5.98
Alcala_de_Henares|Alcalá de Henares|||ES|195000|40.48|-3.36
Cadiz|Cádiz|Cadix||ES|115000|36.53|-6.29
Moguer|Moguer|||ES|22000|37.28|-6.84
Helsinki|Helsinki|||FI|660000|60.17|24.94
Hameenlinna|Hämeenlinna|||FI|68000|61.00|24.46
Paris|Paris|||FR|2100000|48.86|2.35
Lyon|Lyon|||FR|520000|45.76|4.84
Nice|Nice|||FR|340000|43.70|7.27
Nantes|Nantes|||FR|320000|47.22|-1.55
Bordeaux|Bordeaux|||FR|260000|44.84|-0.58
Grenoble|Grenoble|||FR|160000|45.19|5.72
Clermont-Ferrand|Clermont-Ferrand|||FR|147000|45.78|3.08
Tours|Tours|||FR|137000|47.39|0.69
Amiens|Amiens|||FR|135000|49.89|2.30
Besancon|Besançon|||FR|120000|47.24|6.02
Rouen|Rouen|||FR|110000|49.44|1.10
Cannes|Cannes|||FR|74000|43.55|7.02
Saint-Germain-en-Laye|Saint-Germain-en-Laye|||FR|45000|48.90|2.09
Dieppe|Dieppe|||FR|28000|49.92|1.08
Dole|Dole|||FR|24000|47.09|5.49
Villers-Cotterets|Villers-Cotterêts|||FR|10000|49.25|3.09
Ciboure|Ciboure|||FR|6500|43.39|-1.67
La_Cote-Saint-Andre|La Côte-Saint-André|||FR|5000|45.39|5.26
London|London|Londres||GB|8900000|51.51|-0.13
Birmingham|Birmingham|||GB|1140000|52.49|-1.89
Glasgow|Glasgow|||GB|630000|55.86|-4.25
Manchester|Manchester|||GB|550000|53.48|-2.24
Edinburgh|Edinburgh|Édimbourg|Edinburg|GB|520000|55.95|-3.19
Bristol|Bristol|||GB|470000|51.45|-2.59
Newcastle_upon_Tyne|Newcastle upon Tyne|||GB|300000|54.98|-1.61
Brighton|Brighton|||GB|230000|50.82|-0.14
Northampton|Northampton|||GB|215000|52.24|-0.90
Portsmouth|Portsmouth|||GB|210000|50.80|-1.09
Oxford|Oxford|||GB|160000|51.75|-1.26
Cambridge|Cambridge|||GB|145000|52.21|0.12
Cheltenham|Cheltenham|||GB|117000|51.90|-2.08
Eastbourne|Eastbourne|||GB|100000|50.77|0.28
Worcester|Worcester|||GB|100000|52.19|-2.22
Shrewsbury|Shrewsbury|||GB|76000|52.71|-2.75
Lowestoft|Lowestoft|||GB|70000|52.48|1.75
Kirkcaldy|Kirkcaldy|||GB|50000|56.11|-3.16
Winchester|Winchester|||GB|45000|51.06|-1.31
Ramsgate|Ramsgate|||GB|40000|51.33|1.42
Stratford-upon-Avon|Stratford-upon-Avon|||GB|30000|52.19|-1.71
Athens|Athens|Athènes|Athen|GR|660000|37.98|23.73
Zagreb|Zagreb|||HR|770000|45.81|15.98
Budapest|Budapest|||HU|1700000|47.50|19.04
Dublin|Dublin|||IE|590000|53.35|-6.26
Reykjavik|Reykjavík|||IS|140000|64.15|-21.94
Rome|Rome||Rom|IT|2750000|41.90|12.50
Milan|Milan||Mailand|IT|1370000|45.46|9.19
Naples|Naples||Neapel|IT|910000|40.85|14.27
Turin|Turin|||IT|850000|45.07|7.69
Genoa|Genoa|Gênes|Genua|IT|560000|44.41|8.93
Bologna|Bologna|Bologne||IT|390000|44.49|11.34
Florence|Florence||Florenz|IT|360000|43.77|11.26
Venice|Venice|Venise|Venedig|IT|250000|45.44|12.33
Pesaro|Pesaro|||IT|95000|43.91|12.91
Alessandria|Alessandria|Alexandrie||IT|92000|44.91|8.61
Pisa|Pisa|Pise||IT|90000|43.72|10.40
Lucca|Lucca|Lucques||IT|89000|43.84|10.50
Como|Como|Côme||IT|84000|45.81|9.09
Cremona|Cremona|Crémone||IT|72000|45.13|10.02
Pavia|Pavia|Pavie||IT|72000|45.19|9.16
Agrigento|Agrigento|Agrigente||IT|55000|37.31|13.58
Siena|Siena|Sienne||IT|53000|43.32|11.33
Modica|Modica|||IT|53000|36.86|14.76
Nuoro|Nuoro|||IT|35000|40.32|9.33
Busseto|Busseto|||IT|7000|44.98|10.04
Vilnius|Vilnius|||LT|590000|54.69|25.28
Luxembourg_City|Luxembourg|||LU|130000|49.61|6.13
Riga|Riga|||LV|610000|56.95|24.11
Amsterdam|Amsterdam|||NL|920000|52.37|4.90
Rotterdam|Rotterdam|||NL|660000|51.92|4.48
The_Hague|The Hague|La Haye|Den Haag|NL|560000|52.08|4.30
Groningen|Groningen|Groningue||NL|235000|53.22|6.57
Arnhem|Arnhem|||NL|165000|51.98|5.91
Haarlem|Haarlem|||NL|165000|52.38|4.64
Leiden|Leiden|Leyde||NL|125000|52.16|4.49
Oslo|Oslo|||NO|710000|59.91|10.75
Bergen|Bergen|||NO|290000|60.39|5.32
Skien|Skien|||NO|55000|59.21|9.61
Haugesund|Haugesund|||NO|38000|59.41|5.28
Lillehammer|Lillehammer|||NO|28000|61.12|10.47
Warsaw|Warsaw|Varsovie|Warschau|PL|1860000|52.23|21.01
Krakow|Kraków|Cracovie|Krakau|PL|800000|50.06|19.94
Wroclaw|Wrocław|Wrocław|Breslau|PL|670000|51.11|17.03
Gdansk|Gdańsk||Danzig|PL|470000|54.35|18.65
Katowice|Katowice||Kattowitz|PL|290000|50.26|19.02
Torun|Toruń||Thorn|PL|200000|53.01|18.60
Zory|Żory||Sohrau|PL|62000|50.05|18.70
Strzelin|Strzelin||Strehlen|PL|12000|50.78|17.07
Strzelno|Strzelno|||PL|6000|52.63|18.18
Zelazowa_Wola|Żelazowa Wola|||PL|60|52.25|20.33
Lisbon|Lisbon|Lisbonne|Lissabon|PT|550000|38.72|-9.14
Bucharest|Bucharest|Bucarest|Bukarest|RO|1720000|44.43|26.10
Sannicolau_Mare|Sânnicolau Mare|||RO|12000|46.07|20.63
Belgrade|Belgrade||Belgrad|RS|1200000|44.79|20.45
Moscow|Moscow|Moscou|Moskau|RU|13000000|55.76|37.62
Saint_Petersburg|Saint Petersburg|Saint-Pétersbourg|Sankt Petersburg|RU|5600000|59.94|30.31
Voronezh|Voronezh|Voronej|Woronesch|RU|1050000|51.67|39.21
Ryazan|Ryazan|Riazan|Rjasan|RU|530000|54.63|39.74
Kaliningrad|Kaliningrad||Kaliningrad|RU|490000|54.71|20.51
Taganrog|Taganrog|||RU|250000|47.21|38.94
Votkinsk|Votkinsk|||RU|95000|57.05|54.00
Tikhvin|Tikhvin|||RU|57000|59.64|33.51
Stockholm|Stockholm|||SE|980000|59.33|18.07
Uppsala|Uppsala|||SE|240000|59.86|17.64
Orebro|Örebro|||SE|125000|59.27|15.21
Vimmerby|Vimmerby|||SE|8000|57.67|15.86
Ljubljana|Ljubljana||Laibach|SI|295000|46.06|14.51
Bratislava|Bratislava||Pressburg|SK|475000|48.15|17.11
Kyiv|Kyiv|Kiev|Kiew|UA|2950000|50.45|30.52
Berdychiv|Berdychiv|||UA|75000|49.90|28.58
`;
