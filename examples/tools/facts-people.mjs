// Hand-written facts of the people shard (demo-people). Dates are Gregorian; where the exact
// day is uncertain or a calendar change makes it ambiguous only the year is given. Birth and
// death places are cities of the geography shard, named by their present-day city (Breslau is
// Wrocław, Königsberg is Kaliningrad); a place is left out when it is not in that shard.

// occupation slug|English|French|German
export const occupations = `
physicist|physicist|physicien|Physiker
chemist|chemist|chimiste|Chemiker
physician|physician|médecin|Arzt
biologist|biologist|biologiste|Biologe
mathematician|mathematician|mathématicien|Mathematiker
astronomer|astronomer|astronome|Astronom
computer_scientist|computer scientist|informaticien|Informatiker
engineer|engineer|ingénieur|Ingenieur
philosopher|philosopher|philosophe|Philosoph
economist|economist|économiste|Ökonom
psychoanalyst|psychoanalyst|psychanalyste|Psychoanalytiker
historian|historian|historien|Historiker
writer|writer|écrivain|Schriftsteller
poet|poet|poète|Dichter
playwright|playwright|dramaturge|Dramatiker
composer|composer|compositeur|Komponist
conductor|conductor|chef d'orchestre|Dirigent
pianist|pianist|pianiste|Pianist
politician|politician|homme politique|Politiker
activist|activist|militant|Aktivist
`;

// slug|name|birth|death|birth place|death place|occupations|other labels (lang:label;...)
export const people = `
Marie_Curie|Marie Curie|1867-11-07|1934-07-04|Warsaw||physicist,chemist|pl:Maria Skłodowska-Curie;fr:Marie Curie
Pierre_Curie|Pierre Curie|1859-05-15|1906-04-19|Paris|Paris|physicist|
Henri_Becquerel|Henri Becquerel|1852-12-15|1908-08-25|Paris||physicist|
Irene_Joliot-Curie|Irène Joliot-Curie|1897-09-12|1956-03-17|Paris|Paris|chemist,physicist|
Frederic_Joliot-Curie|Frédéric Joliot-Curie|1900-03-19|1958-08-14|Paris|Paris|physicist,chemist|
Albert_Einstein|Albert Einstein|1879-03-14|1955-04-18|Ulm||physicist|
Wilhelm_Rontgen|Wilhelm Conrad Röntgen|1845-03-27|1923-02-10|Remscheid|Munich|physicist|
Hendrik_Lorentz|Hendrik Lorentz|1853-07-18|1928-02-04|Arnhem|Haarlem|physicist|
Pieter_Zeeman|Pieter Zeeman|1865|1943|||physicist|
Philipp_Lenard|Philipp Lenard|1862-06-07|1947-05-20|Bratislava||physicist|
J_J_Thomson|J. J. Thomson|1856-12-18|1940-08-30|Manchester|Cambridge|physicist|
Albert_Michelson|Albert A. Michelson|1852-12-19|1931-05-09|Strzelno||physicist|
Gabriel_Lippmann|Gabriel Lippmann|1845-08-16|1921-07-13|Luxembourg_City||physicist|
Guglielmo_Marconi|Guglielmo Marconi|1874-04-25|1937-07-20|Bologna|Rome|engineer,physicist|
Ferdinand_Braun|Karl Ferdinand Braun|1850-06-06|1918-04-20|Fulda||physicist|
Johannes_van_der_Waals|Johannes Diderik van der Waals|1837-11-23|1923-03-08|Leiden|Amsterdam|physicist|
Heike_Kamerlingh_Onnes|Heike Kamerlingh Onnes|1853-09-21|1926-02-21|Groningen|Leiden|physicist|
Max_von_Laue|Max von Laue|1879-10-09|1960-04-24|Koblenz|Berlin|physicist|
Max_Planck|Max Planck|1858-04-23|1947-10-04|Kiel|Gottingen|physicist|
Niels_Bohr|Niels Bohr|1885-10-07|1962-11-18|Copenhagen|Copenhagen|physicist|
Manne_Siegbahn|Manne Siegbahn|1886-12-03|1978-09-26|Orebro|Stockholm|physicist|
James_Franck|James Franck|1882-08-26|1964-05-21|Hamburg|Gottingen|physicist|
Gustav_Hertz|Gustav Hertz|1887-07-22|1975-10-30|Hamburg|Berlin|physicist|
Louis_de_Broglie|Louis de Broglie|1892-08-15|1987-03-19|Dieppe||physicist|
Werner_Heisenberg|Werner Heisenberg|1901-12-05|1976-02-01|Wurzburg|Munich|physicist|
Erwin_Schrodinger|Erwin Schrödinger|1887-08-12|1961-01-04|Vienna|Vienna|physicist|
Paul_Dirac|Paul Dirac|1902-08-08|1984-10-20|Bristol||physicist|
James_Chadwick|James Chadwick|1891-10-20|1974-07-24||Cambridge|physicist|
Enrico_Fermi|Enrico Fermi|1901-09-29|1954-11-28|Rome||physicist|
Otto_Stern|Otto Stern|1888-02-17|1969-08-17|Zory||physicist|
Wolfgang_Pauli|Wolfgang Pauli|1900-04-25|1958-12-15|Vienna|Zurich|physicist|
Max_Born|Max Born|1882-12-11|1970-01-05|Wroclaw|Gottingen|physicist,mathematician|
Walther_Bothe|Walther Bothe|1891|1957||Heidelberg|physicist|
Maria_Goeppert_Mayer|Maria Goeppert Mayer|1906-06-28|1972-02-20|Katowice||physicist|
Eugene_Wigner|Eugene Wigner|1902-11-17|1995-01-01|Budapest||physicist|hu:Wigner Jenő
J_Hans_D_Jensen|J. Hans D. Jensen|1907-06-25|1973-02-11|Hamburg|Heidelberg|physicist|
Francois_Englert|François Englert|1932-11-06||Brussels||physicist|
Peter_Higgs|Peter Higgs|1929-05-29|2024-04-08|Newcastle_upon_Tyne|Edinburgh|physicist|
Jacobus_van_t_Hoff|Jacobus Henricus van 't Hoff|1852-08-30|1911-03-01|Rotterdam|Berlin|chemist|
Emil_Fischer|Hermann Emil Fischer|1852-10-09|1919-07-15|Euskirchen|Berlin|chemist|
Svante_Arrhenius|Svante Arrhenius|1859-02-19|1927-10-02||Stockholm|chemist,physicist|
William_Ramsay|William Ramsay|1852-10-02|1916-07-23|Glasgow||chemist|
Adolf_von_Baeyer|Adolf von Baeyer|1835-10-31|1917-08-20|Berlin||chemist|
Ernest_Rutherford|Ernest Rutherford|1871-08-30|1937-10-19||Cambridge|physicist,chemist|
Wilhelm_Ostwald|Wilhelm Ostwald|1853-09-02|1932-04-04|Riga||chemist|
Otto_Wallach|Otto Wallach|1847-03-27|1931-02-26|Kaliningrad|Gottingen|chemist|
Fritz_Haber|Fritz Haber|1868-12-09|1934-01-29|Wroclaw|Basel|chemist|
Frederick_Soddy|Frederick Soddy|1877-09-02|1956-09-22|Eastbourne|Brighton|chemist|
Francis_Aston|Francis William Aston|1877-09-01|1945-11-20|Birmingham|Cambridge|chemist,physicist|
Otto_Hahn|Otto Hahn|1879-03-08|1968-07-28|Frankfurt|Gottingen|chemist|
Dorothy_Hodgkin|Dorothy Crowfoot Hodgkin|1910-05-12|1994-07-29|||chemist|
Antoine_Lavoisier|Antoine Lavoisier|1743-08-26|1794-05-08|Paris|Paris|chemist|
Dmitri_Mendeleev|Dmitri Mendeleev|1834-02-08|1907-02-02||Saint_Petersburg|chemist|ru:Дмитрий Менделеев
Ivan_Pavlov|Ivan Pavlov|1849-09-26|1936-02-27|Ryazan|Saint_Petersburg|physician,biologist|ru:Иван Павлов
Robert_Koch|Robert Koch|1843-12-11|1910-05-27|Clausthal-Zellerfeld||physician,biologist|
Camillo_Golgi|Camillo Golgi|1843-07-07|1926-01-21||Pavia|physician,biologist|
Santiago_Ramon_y_Cajal|Santiago Ramón y Cajal|1852-05-01|1934-10-17||Madrid|physician,biologist|
Paul_Ehrlich|Paul Ehrlich|1854-03-14|1915-08-20|Strzelin||physician|
Ilya_Mechnikov|Ilya Mechnikov|1845|1916-07-15||Paris|biologist|fr:Élie Metchnikoff
Alexander_Fleming|Alexander Fleming|1881-08-06|1955-03-11||London|physician,biologist|
Ernst_Chain|Ernst Boris Chain|1906-06-19|1979-08-12|Berlin||biologist,chemist|
Howard_Florey|Howard Florey|1898-09-24|1968-02-21||Oxford|physician|
Francis_Crick|Francis Crick|1916-06-08|2004-07-28|Northampton||biologist,physicist|
James_Watson|James Watson|1928-04-06||||biologist|
Maurice_Wilkins|Maurice Wilkins|1916|2004||London|physicist,biologist|
Egas_Moniz|António Egas Moniz|1874-11-29|1955-12-13||Lisbon|physician|
Walter_Rudolf_Hess|Walter Rudolf Hess|1881|1973|||physician|
Hans_Krebs|Hans Krebs|1900-08-25|1981-11-22|Hildesheim|Oxford|physician,biologist|
Fritz_Lipmann|Fritz Lipmann|1899|1986|Kaliningrad||biologist,chemist|
Rita_Levi-Montalcini|Rita Levi-Montalcini|1909-04-22|2012-12-30|Turin|Rome|biologist,physician|
Stanley_Cohen|Stanley Cohen|1922|2020|||biologist|
Louis_Pasteur|Louis Pasteur|1822-12-27|1895-09-28|Dole||chemist,biologist|
Isaac_Newton|Isaac Newton|1642|1727||London|physicist,mathematician,astronomer|
Charles_Darwin|Charles Darwin|1809-02-12|1882-04-19|Shrewsbury||biologist|
Galileo_Galilei|Galileo Galilei|1564-02-15|1642-01-08|Pisa|Florence|astronomer,physicist,mathematician|
Nicolaus_Copernicus|Nicolaus Copernicus|1473-02-19|1543-05-24|Torun||astronomer,mathematician|pl:Mikołaj Kopernik;de:Nikolaus Kopernikus
Johannes_Kepler|Johannes Kepler|1571-12-27|1630-11-15|Weil_der_Stadt|Regensburg|astronomer,mathematician|
Carl_Friedrich_Gauss|Carl Friedrich Gauss|1777-04-30|1855-02-23|Brunswick|Gottingen|mathematician,physicist,astronomer|de:Carl Friedrich Gauß
Leonhard_Euler|Leonhard Euler|1707-04-15|1783-09-18|Basel|Saint_Petersburg|mathematician,physicist|
David_Hilbert|David Hilbert|1862-01-23|1943-02-14||Gottingen|mathematician|
Kurt_Godel|Kurt Gödel|1906-04-28|1978-01-14|Brno||mathematician,philosopher|
James_Clerk_Maxwell|James Clerk Maxwell|1831-06-13|1879-11-05|Edinburgh|Cambridge|physicist|
Michael_Faraday|Michael Faraday|1791-09-22|1867-08-25|London||physicist,chemist|
Alan_Turing|Alan Turing|1912-06-23|1954-06-07|London||mathematician,computer_scientist|
Stephen_Hawking|Stephen Hawking|1942-01-08|2018-03-14|Oxford|Cambridge|physicist|
Carl_Linnaeus|Carl Linnaeus|1707|1778||Uppsala|biologist,physician|sv:Carl von Linné
Gregor_Mendel|Gregor Mendel|1822-07-20|1884-01-06||Brno|biologist|
Alessandro_Volta|Alessandro Volta|1745-02-18|1827-03-05|Como|Como|physicist,chemist|
Laurent_Schwartz|Laurent Schwartz|1915-03-05|2002-07-04|Paris|Paris|mathematician|
Jean-Pierre_Serre|Jean-Pierre Serre|1926-09-15||||mathematician|
Alexander_Grothendieck|Alexander Grothendieck|1928-03-28|2014-11-13|Berlin||mathematician|
Alain_Connes|Alain Connes|1947-04-01||||mathematician|
Atle_Selberg|Atle Selberg|1917|2007|||mathematician|
Kunihiko_Kodaira|Kunihiko Kodaira|1915|1997|||mathematician|
Immanuel_Kant|Immanuel Kant|1724-04-22|1804-02-12|Kaliningrad|Kaliningrad|philosopher|
Georg_Wilhelm_Friedrich_Hegel|Georg Wilhelm Friedrich Hegel|1770-08-27|1831-11-14|Stuttgart|Berlin|philosopher|
Karl_Marx|Karl Marx|1818-05-05|1883-03-14|Trier|London|philosopher,economist|
Friedrich_Engels|Friedrich Engels|1820-11-28|1895-08-05|Wuppertal|London|philosopher,economist|
Friedrich_Nietzsche|Friedrich Nietzsche|1844-10-15|1900-08-25||Weimar|philosopher|
Baruch_Spinoza|Baruch Spinoza|1632-11-24|1677-02-21|Amsterdam|The_Hague|philosopher|
Rene_Descartes|René Descartes|1596-03-31|1650-02-11||Stockholm|philosopher,mathematician|
Blaise_Pascal|Blaise Pascal|1623-06-19|1662-08-19|Clermont-Ferrand|Paris|mathematician,physicist,philosopher|
Jean-Jacques_Rousseau|Jean-Jacques Rousseau|1712-06-28|1778-07-02|Geneva||philosopher,writer,composer|
Voltaire|Voltaire|1694-11-21|1778-05-30|Paris|Paris|writer,philosopher|
Soren_Kierkegaard|Søren Kierkegaard|1813-05-05|1855-11-11|Copenhagen|Copenhagen|philosopher|
Adam_Smith|Adam Smith|1723|1790-07-17|Kirkcaldy|Edinburgh|economist,philosopher|
David_Hume|David Hume|1711|1776-08-25|Edinburgh|Edinburgh|philosopher,historian|
Sigmund_Freud|Sigmund Freud|1856-05-06|1939-09-23|Pribor|London|psychoanalyst,physician|
Bertrand_Russell|Bertrand Russell|1872-05-18|1970-02-02|||philosopher,mathematician,writer|
Alfred_North_Whitehead|Alfred North Whitehead|1861-02-15|1947-12-30|Ramsgate||mathematician,philosopher|
Henri_Bergson|Henri Bergson|1859-10-18|1941-01-04|Paris|Paris|philosopher|
Jean-Paul_Sartre|Jean-Paul Sartre|1905-06-21|1980-04-15|Paris|Paris|philosopher,writer,playwright|
Simone_de_Beauvoir|Simone de Beauvoir|1908-01-09|1986-04-14|Paris|Paris|philosopher,writer|
Niccolo_Machiavelli|Niccolò Machiavelli|1469-05-03|1527-06-21|Florence|Florence|philosopher,historian,politician|
Theodor_Mommsen|Theodor Mommsen|1817-11-30|1903-11-01||Berlin|historian|
Winston_Churchill|Winston Churchill|1874-11-30|1965-01-24||London|politician,writer,historian|
Andrei_Sakharov|Andrei Sakharov|1921-05-21|1989-12-14|Moscow|Moscow|physicist,activist|ru:Андрей Сахаров
Bertha_von_Suttner|Bertha von Suttner|1843-06-09|1914-06-21|Prague|Vienna|writer,activist|
Victor_Hugo|Victor Hugo|1802-02-26|1885-05-22|Besancon|Paris|writer,poet,playwright|
Honore_de_Balzac|Honoré de Balzac|1799-05-20|1850-08-18|Tours|Paris|writer|
Gustave_Flaubert|Gustave Flaubert|1821-12-12|1880-05-08|Rouen||writer|
Stendhal|Stendhal|1783-01-23|1842-03-23|Grenoble|Paris|writer|
Emile_Zola|Émile Zola|1840-04-02|1902-09-29|Paris|Paris|writer|
Alexandre_Dumas|Alexandre Dumas|1802-07-24|1870-12-05|Villers-Cotterets||writer,playwright|
Jules_Verne|Jules Verne|1828-02-08|1905-03-24|Nantes|Amiens|writer|
Moliere|Molière|1622|1673-02-17|Paris|Paris|playwright|
Charles_Baudelaire|Charles Baudelaire|1821-04-09|1867-08-31|Paris|Paris|poet|
Prosper_Merimee|Prosper Mérimée|1803-09-28|1870-09-23|Paris|Cannes|writer|
Marcel_Proust|Marcel Proust|1871-07-10|1922-11-18|Paris|Paris|writer|
Albert_Camus|Albert Camus|1913-11-07|1960-01-04|||writer,philosopher,playwright|
Andre_Gide|André Gide|1869-11-22|1951-02-19|Paris|Paris|writer|
Andre_Malraux|André Malraux|1901-11-03|1976-11-23|Paris||writer,politician|
Marguerite_Duras|Marguerite Duras|1914-04-04|1996-03-03||Paris|writer|
Patrick_Modiano|Patrick Modiano|1945-07-30||||writer|
Romain_Gary|Romain Gary|1914-05-21|1980-12-02|Vilnius|Paris|writer|
Henri_Barbusse|Henri Barbusse|1873|1935||Moscow|writer|
Antoine_de_Saint-Exupery|Antoine de Saint-Exupéry|1900-06-29|1944-07-31|Lyon||writer|
Sully_Prudhomme|Sully Prudhomme|1839-03-16|1907-09-06|Paris||poet|
Anatole_France|Anatole France|1844-04-16|1924-10-12|Paris||writer|
Romain_Rolland|Romain Rolland|1866-01-29|1944-12-30|||writer|
Francois_Mauriac|François Mauriac|1885-10-11|1970-09-01|Bordeaux|Paris|writer|
Frederic_Mistral|Frédéric Mistral|1830|1914|||poet|
Maurice_Maeterlinck|Maurice Maeterlinck|1862-08-29|1949-05-06|Ghent|Nice|playwright,poet|
Johann_Wolfgang_von_Goethe|Johann Wolfgang von Goethe|1749-08-28|1832-03-22|Frankfurt|Weimar|writer,poet,playwright|
Friedrich_Schiller|Friedrich Schiller|1759-11-10|1805-05-09|Marbach_am_Neckar|Weimar|poet,playwright,historian|
Thomas_Mann|Thomas Mann|1875-06-06|1955-08-12|Lubeck|Zurich|writer|
Hermann_Hesse|Hermann Hesse|1877-07-02|1962-08-09|Calw||writer,poet|
Franz_Kafka|Franz Kafka|1883-07-03|1924-06-03|Prague||writer|
Rainer_Maria_Rilke|Rainer Maria Rilke|1875-12-04|1926-12-29|Prague||poet|
Gunter_Grass|Günter Grass|1927-10-16|2015-04-13|Gdansk|Lubeck|writer|
Heinrich_Boll|Heinrich Böll|1917-12-21|1985-07-16|Cologne||writer|
Erich_Maria_Remarque|Erich Maria Remarque|1898-06-22|1970-09-25|Osnabruck||writer|
Bertolt_Brecht|Bertolt Brecht|1898-02-10|1956-08-14|Augsburg|Berlin|playwright,poet|
Jacob_Grimm|Jacob Grimm|1785-01-04|1863-09-20|Hanau|Berlin|writer|
Wilhelm_Grimm|Wilhelm Grimm|1786-02-24|1859-12-16|Hanau|Berlin|writer|
Stefan_Zweig|Stefan Zweig|1881-11-28|1942-02-22|Vienna||writer|
Robert_Musil|Robert Musil|1880-11-06|1942-04-15|Klagenfurt|Geneva|writer|
Paul_Heyse|Paul Heyse|1830|1914|Berlin|Munich|writer|
Gerhart_Hauptmann|Gerhart Hauptmann|1862-11-15|1946-06-06|||playwright,writer|
Nelly_Sachs|Nelly Sachs|1891-12-10|1970-05-12|Berlin|Stockholm|poet|
Elfriede_Jelinek|Elfriede Jelinek|1946-10-20||||writer,playwright|
Peter_Handke|Peter Handke|1942-12-06||||writer,playwright|
Herta_Muller|Herta Müller|1953-08-17||||writer|
Elias_Canetti|Elias Canetti|1905-07-25|1994-08-14|Ruse|Zurich|writer|
Shmuel_Yosef_Agnon|Shmuel Yosef Agnon|1888|1970|||writer|
William_Shakespeare|William Shakespeare|1564|1616|Stratford-upon-Avon|Stratford-upon-Avon|playwright,poet|
Jane_Austen|Jane Austen|1775-12-16|1817-07-18||Winchester|writer|
Charles_Dickens|Charles Dickens|1812-02-07|1870-06-09|Portsmouth||writer|
Mary_Shelley|Mary Shelley|1797-08-30|1851-02-01|London|London|writer|
Charlotte_Bronte|Charlotte Brontë|1816-04-21|1855-03-31|||writer|
Emily_Bronte|Emily Brontë|1818-07-30|1848-12-19|||writer,poet|
Virginia_Woolf|Virginia Woolf|1882-01-25|1941-03-28|London||writer|
James_Joyce|James Joyce|1882-02-02|1941-01-13|Dublin|Zurich|writer|
Oscar_Wilde|Oscar Wilde|1854-10-16|1900-11-30|Dublin|Paris|writer,playwright,poet|
George_Bernard_Shaw|George Bernard Shaw|1856-07-26|1950-11-02|Dublin||playwright|
W_B_Yeats|W. B. Yeats|1865-06-13|1939-01-28|Dublin||poet,playwright|
Samuel_Beckett|Samuel Beckett|1906-04-13|1989-12-22|Dublin|Paris|writer,playwright|
Seamus_Heaney|Seamus Heaney|1939-04-13|2013-08-30||Dublin|poet|
George_Orwell|George Orwell|1903-06-25|1950-01-21||London|writer|
William_Golding|William Golding|1911-09-19|1993-06-19|||writer|
Kazuo_Ishiguro|Kazuo Ishiguro|1954-11-08||||writer|
Lewis_Carroll|Lewis Carroll|1832-01-27|1898-01-14|||writer,mathematician|
Arthur_Conan_Doyle|Arthur Conan Doyle|1859-05-22|1930-07-07|Edinburgh||writer,physician|
Robert_Louis_Stevenson|Robert Louis Stevenson|1850-11-13|1894-12-03|Edinburgh||writer|
Walter_Scott|Walter Scott|1771-08-15|1832-09-21|Edinburgh||writer,poet|
J_R_R_Tolkien|J. R. R. Tolkien|1892-01-03|1973-09-02|||writer|
Joseph_Conrad|Joseph Conrad|1857-12-03|1924-08-03|Berdychiv||writer|pl:Józef Teodor Konrad Korzeniowski
Rudyard_Kipling|Rudyard Kipling|1865-12-30|1936-01-18||London|writer,poet|
T_S_Eliot|T. S. Eliot|1888-09-26|1965-01-04||London|poet,playwright|
John_Galsworthy|John Galsworthy|1867-08-14|1933-01-31|London|London|writer,playwright|
Harold_Pinter|Harold Pinter|1930-10-10|2008-12-24|London|London|playwright|
Doris_Lessing|Doris Lessing|1919-10-22|2013-11-17||London|writer|
Miguel_de_Cervantes|Miguel de Cervantes|1547|1616-04-22|Alcala_de_Henares|Madrid|writer|
Federico_Garcia_Lorca|Federico García Lorca|1898-06-05|1936|||poet,playwright|
Jacinto_Benavente|Jacinto Benavente|1866-08-12|1954-07-14|Madrid|Madrid|playwright|
Jose_Echegaray|José Echegaray|1832-04-19|1916-09-14|Madrid|Madrid|playwright,mathematician,engineer|
Juan_Ramon_Jimenez|Juan Ramón Jiménez|1881-12-23|1958-05-29|Moguer||poet|
Vicente_Aleixandre|Vicente Aleixandre|1898-04-26|1984-12-13|Seville|Madrid|poet|
Camilo_Jose_Cela|Camilo José Cela|1916-05-11|2002-01-17||Madrid|writer|
Jose_Saramago|José Saramago|1922-11-16|2010-06-18|||writer|
Fernando_Pessoa|Fernando Pessoa|1888-06-13|1935-11-30|Lisbon|Lisbon|poet,writer|
Alessandro_Manzoni|Alessandro Manzoni|1785-03-07|1873-05-22|Milan|Milan|writer,poet|
Luigi_Pirandello|Luigi Pirandello|1867-06-28|1936-12-10|Agrigento|Rome|playwright,writer|
Grazia_Deledda|Grazia Deledda|1871-09-27|1936-08-15|Nuoro|Rome|writer|
Eugenio_Montale|Eugenio Montale|1896-10-12|1981-09-12|Genoa|Milan|poet|
Salvatore_Quasimodo|Salvatore Quasimodo|1901-08-20|1968-06-14|Modica|Naples|poet|
Primo_Levi|Primo Levi|1919-07-31|1987-04-11|Turin|Turin|writer,chemist|
Umberto_Eco|Umberto Eco|1932-01-05|2016-02-19|Alessandria|Milan|writer,philosopher|
Italo_Calvino|Italo Calvino|1923-10-15|1985-09-19||Siena|writer|
Dario_Fo|Dario Fo|1926-03-24|2016-10-13||Milan|playwright|
Fyodor_Dostoevsky|Fyodor Dostoevsky|1821-11-11|1881-02-09|Moscow|Saint_Petersburg|writer|ru:Фёдор Достоевский;fr:Fiodor Dostoïevski;de:Fjodor Dostojewski
Leo_Tolstoy|Leo Tolstoy|1828-09-09|1910-11-20|||writer|ru:Лев Толстой;fr:Léon Tolstoï;de:Lew Tolstoi
Alexander_Pushkin|Alexander Pushkin|1799-06-06|1837-02-10|Moscow|Saint_Petersburg|poet,writer|ru:Александр Пушкин
Anton_Chekhov|Anton Chekhov|1860-01-29|1904-07-15|Taganrog||writer,playwright,physician|ru:Антон Чехов;fr:Anton Tchekhov;de:Anton Tschechow
Mikhail_Bulgakov|Mikhail Bulgakov|1891-05-15|1940-03-10|Kyiv|Moscow|writer,physician|ru:Михаил Булгаков
Boris_Pasternak|Boris Pasternak|1890-02-10|1960-05-30|Moscow||writer,poet|ru:Борис Пастернак
Ivan_Bunin|Ivan Bunin|1870-10-22|1953-11-08|Voronezh|Paris|writer,poet|ru:Иван Бунин
Vladimir_Nabokov|Vladimir Nabokov|1899-04-22|1977-07-02|Saint_Petersburg||writer|ru:Владимир Набоков
Aleksandr_Solzhenitsyn|Aleksandr Solzhenitsyn|1918-12-11|2008-08-03||Moscow|writer,historian|ru:Александр Солженицын
Hans_Christian_Andersen|Hans Christian Andersen|1805-04-02|1875-08-04|Odense|Copenhagen|writer,poet|
Henrik_Ibsen|Henrik Ibsen|1828-03-20|1906-05-23|Skien|Oslo|playwright|
August_Strindberg|August Strindberg|1849-01-22|1912-05-14|Stockholm|Stockholm|playwright,writer|
Selma_Lagerlof|Selma Lagerlöf|1858-11-20|1940-03-16|||writer|
Astrid_Lindgren|Astrid Lindgren|1907-11-14|2002-01-28|Vimmerby|Stockholm|writer|
Tomas_Transtromer|Tomas Tranströmer|1931-04-15|2015-03-26|Stockholm|Stockholm|poet|
Sigrid_Undset|Sigrid Undset|1882-05-20|1949-06-10|Kalundborg|Lillehammer|writer|
Knut_Hamsun|Knut Hamsun|1859|1952|||writer|
Bjornstjerne_Bjornson|Bjørnstjerne Bjørnson|1832|1910||Paris|writer,poet,playwright|
Jon_Fosse|Jon Fosse|1959-09-29||Haugesund||writer,playwright|
Milan_Kundera|Milan Kundera|1929-04-01|2023-07-11|Brno|Paris|writer|
Karel_Capek|Karel Čapek|1890-01-09|1938-12-25||Prague|writer,playwright|
Jaroslav_Seifert|Jaroslav Seifert|1901-09-23|1986-01-10|Prague|Prague|poet|
Wislawa_Szymborska|Wisława Szymborska|1923-07-02|2012-02-01||Krakow|poet|
Czeslaw_Milosz|Czesław Miłosz|1911-06-30|2004-08-14||Krakow|poet,writer|
Henryk_Sienkiewicz|Henryk Sienkiewicz|1846-05-05|1916-11-15|||writer|
Wladyslaw_Reymont|Władysław Reymont|1867|1925||Warsaw|writer|
Olga_Tokarczuk|Olga Tokarczuk|1962-01-29||||writer|
Ivo_Andric|Ivo Andrić|1892|1975-03-13||Belgrade|writer|sr:Иво Андрић
Svetlana_Alexievich|Svetlana Alexievich|1948-05-31||||writer|
Johann_Sebastian_Bach|Johann Sebastian Bach|1685|1750-07-28|Eisenach|Leipzig|composer|
George_Frideric_Handel|George Frideric Handel|1685|1759|Halle|London|composer|de:Georg Friedrich Händel
Antonio_Vivaldi|Antonio Vivaldi|1678-03-04|1741-07-28|Venice|Vienna|composer|
Claudio_Monteverdi|Claudio Monteverdi|1567|1643-11-29|Cremona|Venice|composer|
Wolfgang_Amadeus_Mozart|Wolfgang Amadeus Mozart|1756-01-27|1791-12-05|Salzburg|Vienna|composer,pianist|
Joseph_Haydn|Joseph Haydn|1732-03-31|1809-05-31|Rohrau|Vienna|composer|
Ludwig_van_Beethoven|Ludwig van Beethoven|1770|1827-03-26|Bonn|Vienna|composer,pianist|
Franz_Schubert|Franz Schubert|1797-01-31|1828-11-19|Vienna|Vienna|composer|
Felix_Mendelssohn|Felix Mendelssohn|1809-02-03|1847-11-04|Hamburg|Leipzig|composer,conductor,pianist|
Frederic_Chopin|Frédéric Chopin|1810|1849-10-17|Zelazowa_Wola|Paris|composer,pianist|pl:Fryderyk Chopin
Robert_Schumann|Robert Schumann|1810-06-08|1856-07-29|Zwickau|Bonn|composer|
Clara_Schumann|Clara Schumann|1819-09-13|1896-05-20|Leipzig|Frankfurt|pianist,composer|
Franz_Liszt|Franz Liszt|1811-10-22|1886-07-31|Raiding|Bayreuth|composer,pianist|hu:Liszt Ferenc
Richard_Wagner|Richard Wagner|1813-05-22|1883-02-13|Leipzig|Venice|composer,conductor|
Giuseppe_Verdi|Giuseppe Verdi|1813|1901-01-27|Busseto|Milan|composer|
Johannes_Brahms|Johannes Brahms|1833-05-07|1897-04-03|Hamburg|Vienna|composer,pianist|
Giacomo_Puccini|Giacomo Puccini|1858-12-22|1924-11-29|Lucca|Brussels|composer|
Gioachino_Rossini|Gioachino Rossini|1792-02-29|1868-11-13|Pesaro|Paris|composer|
Georges_Bizet|Georges Bizet|1838-10-25|1875-06-03|Paris||composer|
Hector_Berlioz|Hector Berlioz|1803-12-11|1869-03-08|La_Cote-Saint-Andre|Paris|composer,conductor|
Claude_Debussy|Claude Debussy|1862-08-22|1918-03-25|Saint-Germain-en-Laye|Paris|composer|
Maurice_Ravel|Maurice Ravel|1875-03-07|1937-12-28|Ciboure|Paris|composer|
Antonin_Dvorak|Antonín Dvořák|1841-09-08|1904-05-01|Nelahozeves|Prague|composer|
Bedrich_Smetana|Bedřich Smetana|1824-03-02|1884-05-12|Litomysl|Prague|composer|
Pyotr_Ilyich_Tchaikovsky|Pyotr Ilyich Tchaikovsky|1840-05-07|1893-11-06|Votkinsk|Saint_Petersburg|composer|ru:Пётр Ильич Чайковский;fr:Piotr Ilitch Tchaïkovski;de:Pjotr Iljitsch Tschaikowski
Nikolai_Rimsky-Korsakov|Nikolai Rimsky-Korsakov|1844-03-18|1908-06-21|Tikhvin||composer|ru:Николай Римский-Корсаков
Dmitri_Shostakovich|Dmitri Shostakovich|1906-09-25|1975-08-09|Saint_Petersburg|Moscow|composer,pianist|ru:Дмитрий Шостакович;fr:Dmitri Chostakovitch;de:Dmitri Schostakowitsch
Edvard_Grieg|Edvard Grieg|1843-06-15|1907-09-04|Bergen|Bergen|composer,pianist|
Jean_Sibelius|Jean Sibelius|1865-12-08|1957-09-20|Hameenlinna||composer|
Gustav_Mahler|Gustav Mahler|1860-07-07|1911-05-18|Kaliste|Vienna|composer,conductor|
Richard_Strauss|Richard Strauss|1864-06-11|1949-09-08|Munich||composer,conductor|
Edward_Elgar|Edward Elgar|1857-06-02|1934-02-23||Worcester|composer|
Gustav_Holst|Gustav Holst|1874-09-21|1934-05-25|Cheltenham|London|composer|
Benjamin_Britten|Benjamin Britten|1913-11-22|1976-12-04|Lowestoft||composer,conductor,pianist|
Bela_Bartok|Béla Bartók|1881-03-25|1945-09-26|Sannicolau_Mare||composer,pianist|hu:Bartók Béla
Igor_Stravinsky|Igor Stravinsky|1882-06-17|1971-04-06|||composer|ru:Игорь Стравинский
Manuel_de_Falla|Manuel de Falla|1876-11-23|1946-11-14|Cadiz||composer|
Carl_Orff|Carl Orff|1895-07-10|1982-03-29|Munich|Munich|composer|
Kurt_Weill|Kurt Weill|1900-03-02|1950-04-03|Dessau||composer|
`;
