// Hand-written facts of the awards shard (demo-awards). A Nobel Prize of one category and
// year is one award with all its laureates; Fields Medals are one award per medallist (only
// some of each year's medallists are listed); a Prix Goncourt award names the laureate and
// the winning book. Years are the prize year (the 1918 Chemistry prize was handed out in
// 1919, the 2018 Literature prize in 2019).

// prize slug|English|French|German|awarded by|first awarded
export const prizes = `
nobel-physics|Nobel Prize in Physics|prix Nobel de physique|Nobelpreis für Physik|Royal Swedish Academy of Sciences|1901
nobel-chemistry|Nobel Prize in Chemistry|prix Nobel de chimie|Nobelpreis für Chemie|Royal Swedish Academy of Sciences|1901
nobel-medicine|Nobel Prize in Physiology or Medicine|prix Nobel de physiologie ou médecine|Nobelpreis für Physiologie oder Medizin|Nobel Assembly at Karolinska Institutet|1901
nobel-literature|Nobel Prize in Literature|prix Nobel de littérature|Nobelpreis für Literatur|Swedish Academy|1901
nobel-peace|Nobel Peace Prize|prix Nobel de la paix|Friedensnobelpreis|Norwegian Nobel Committee|1901
fields-medal|Fields Medal|médaille Fields|Fields-Medaille|International Mathematical Union|1936
prix-goncourt|Prix Goncourt|prix Goncourt|Prix Goncourt|Académie Goncourt|1903
`;

// prize|year|laureates|winning work (Prix Goncourt only)
export const awards = `
nobel-physics|1901|Wilhelm_Rontgen|
nobel-physics|1902|Hendrik_Lorentz,Pieter_Zeeman|
nobel-physics|1903|Henri_Becquerel,Pierre_Curie,Marie_Curie|
nobel-physics|1905|Philipp_Lenard|
nobel-physics|1906|J_J_Thomson|
nobel-physics|1907|Albert_Michelson|
nobel-physics|1908|Gabriel_Lippmann|
nobel-physics|1909|Guglielmo_Marconi,Ferdinand_Braun|
nobel-physics|1910|Johannes_van_der_Waals|
nobel-physics|1913|Heike_Kamerlingh_Onnes|
nobel-physics|1914|Max_von_Laue|
nobel-physics|1918|Max_Planck|
nobel-physics|1921|Albert_Einstein|
nobel-physics|1922|Niels_Bohr|
nobel-physics|1924|Manne_Siegbahn|
nobel-physics|1925|James_Franck,Gustav_Hertz|
nobel-physics|1929|Louis_de_Broglie|
nobel-physics|1932|Werner_Heisenberg|
nobel-physics|1933|Erwin_Schrodinger,Paul_Dirac|
nobel-physics|1935|James_Chadwick|
nobel-physics|1938|Enrico_Fermi|
nobel-physics|1943|Otto_Stern|
nobel-physics|1945|Wolfgang_Pauli|
nobel-physics|1954|Max_Born,Walther_Bothe|
nobel-physics|1963|Eugene_Wigner,Maria_Goeppert_Mayer,J_Hans_D_Jensen|
nobel-physics|2013|Francois_Englert,Peter_Higgs|
nobel-chemistry|1901|Jacobus_van_t_Hoff|
nobel-chemistry|1902|Emil_Fischer|
nobel-chemistry|1903|Svante_Arrhenius|
nobel-chemistry|1904|William_Ramsay|
nobel-chemistry|1905|Adolf_von_Baeyer|
nobel-chemistry|1908|Ernest_Rutherford|
nobel-chemistry|1909|Wilhelm_Ostwald|
nobel-chemistry|1910|Otto_Wallach|
nobel-chemistry|1911|Marie_Curie|
nobel-chemistry|1918|Fritz_Haber|
nobel-chemistry|1921|Frederick_Soddy|
nobel-chemistry|1922|Francis_Aston|
nobel-chemistry|1935|Frederic_Joliot-Curie,Irene_Joliot-Curie|
nobel-chemistry|1944|Otto_Hahn|
nobel-chemistry|1964|Dorothy_Hodgkin|
nobel-medicine|1904|Ivan_Pavlov|
nobel-medicine|1905|Robert_Koch|
nobel-medicine|1906|Camillo_Golgi,Santiago_Ramon_y_Cajal|
nobel-medicine|1908|Ilya_Mechnikov,Paul_Ehrlich|
nobel-medicine|1945|Alexander_Fleming,Ernst_Chain,Howard_Florey|
nobel-medicine|1949|Walter_Rudolf_Hess,Egas_Moniz|
nobel-medicine|1953|Hans_Krebs,Fritz_Lipmann|
nobel-medicine|1962|Francis_Crick,James_Watson,Maurice_Wilkins|
nobel-medicine|1986|Stanley_Cohen,Rita_Levi-Montalcini|
nobel-literature|1901|Sully_Prudhomme|
nobel-literature|1902|Theodor_Mommsen|
nobel-literature|1903|Bjornstjerne_Bjornson|
nobel-literature|1904|Frederic_Mistral,Jose_Echegaray|
nobel-literature|1905|Henryk_Sienkiewicz|
nobel-literature|1907|Rudyard_Kipling|
nobel-literature|1909|Selma_Lagerlof|
nobel-literature|1910|Paul_Heyse|
nobel-literature|1911|Maurice_Maeterlinck|
nobel-literature|1912|Gerhart_Hauptmann|
nobel-literature|1915|Romain_Rolland|
nobel-literature|1920|Knut_Hamsun|
nobel-literature|1921|Anatole_France|
nobel-literature|1922|Jacinto_Benavente|
nobel-literature|1923|W_B_Yeats|
nobel-literature|1924|Wladyslaw_Reymont|
nobel-literature|1925|George_Bernard_Shaw|
nobel-literature|1926|Grazia_Deledda|
nobel-literature|1927|Henri_Bergson|
nobel-literature|1928|Sigrid_Undset|
nobel-literature|1929|Thomas_Mann|
nobel-literature|1932|John_Galsworthy|
nobel-literature|1933|Ivan_Bunin|
nobel-literature|1934|Luigi_Pirandello|
nobel-literature|1946|Hermann_Hesse|
nobel-literature|1947|Andre_Gide|
nobel-literature|1948|T_S_Eliot|
nobel-literature|1950|Bertrand_Russell|
nobel-literature|1952|Francois_Mauriac|
nobel-literature|1953|Winston_Churchill|
nobel-literature|1956|Juan_Ramon_Jimenez|
nobel-literature|1957|Albert_Camus|
nobel-literature|1958|Boris_Pasternak|
nobel-literature|1959|Salvatore_Quasimodo|
nobel-literature|1961|Ivo_Andric|
nobel-literature|1964|Jean-Paul_Sartre|
nobel-literature|1966|Shmuel_Yosef_Agnon,Nelly_Sachs|
nobel-literature|1969|Samuel_Beckett|
nobel-literature|1970|Aleksandr_Solzhenitsyn|
nobel-literature|1972|Heinrich_Boll|
nobel-literature|1975|Eugenio_Montale|
nobel-literature|1977|Vicente_Aleixandre|
nobel-literature|1980|Czeslaw_Milosz|
nobel-literature|1981|Elias_Canetti|
nobel-literature|1983|William_Golding|
nobel-literature|1984|Jaroslav_Seifert|
nobel-literature|1989|Camilo_Jose_Cela|
nobel-literature|1995|Seamus_Heaney|
nobel-literature|1996|Wislawa_Szymborska|
nobel-literature|1997|Dario_Fo|
nobel-literature|1998|Jose_Saramago|
nobel-literature|1999|Gunter_Grass|
nobel-literature|2004|Elfriede_Jelinek|
nobel-literature|2005|Harold_Pinter|
nobel-literature|2007|Doris_Lessing|
nobel-literature|2009|Herta_Muller|
nobel-literature|2011|Tomas_Transtromer|
nobel-literature|2014|Patrick_Modiano|
nobel-literature|2015|Svetlana_Alexievich|
nobel-literature|2017|Kazuo_Ishiguro|
nobel-literature|2018|Olga_Tokarczuk|
nobel-literature|2019|Peter_Handke|
nobel-literature|2023|Jon_Fosse|
nobel-peace|1905|Bertha_von_Suttner|
nobel-peace|1975|Andrei_Sakharov|
fields-medal|1950|Laurent_Schwartz|
fields-medal|1950|Atle_Selberg|
fields-medal|1954|Jean-Pierre_Serre|
fields-medal|1954|Kunihiko_Kodaira|
fields-medal|1966|Alexander_Grothendieck|
fields-medal|1982|Alain_Connes|
prix-goncourt|1916|Henri_Barbusse|Le_Feu
prix-goncourt|1919|Marcel_Proust|A_l_ombre_des_jeunes_filles_en_fleurs
prix-goncourt|1933|Andre_Malraux|La_Condition_humaine
prix-goncourt|1954|Simone_de_Beauvoir|Les_Mandarins
prix-goncourt|1956|Romain_Gary|Les_Racines_du_ciel
prix-goncourt|1978|Patrick_Modiano|Rue_des_Boutiques_Obscures
prix-goncourt|1984|Marguerite_Duras|L_Amant
`;
